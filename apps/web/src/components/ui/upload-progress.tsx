import { Progress, Stack, Text } from '@mantine/core';
import { countOf, formatNumber, NOUNS } from '@sira/shared';
import type { ImportRowsProgress } from '~/lib/import-stream';

const texts = {
  uploading: (percent: number) => `جارٍ رفع الملف… ${formatNumber(percent)}%`,
  processing: 'اكتمل الرفع، جارٍ قراءة الملف…',
  writing: (p: ImportRowsProgress) => `جارٍ إضافة الشركات… ${formatNumber(p.done)} من ${countOf(p.total, NOUNS.row, 'genitive')}`,
  progress: 'تقدم رفع الملف',
};

/**
 * A spreadsheet upload's progress, for the admin's import and a user's own list alike: the upload's bytes
 * (`percent`), then the rows written once the server has read the file (`rows`, from its progress stream).
 */
export function UploadProgress({ percent, rows }: { percent: number; rows: ImportRowsProgress | null }) {
  return (
    <Stack gap={4}>
      <Progress
        value={rows ? (rows.total ? Math.round((rows.done / rows.total) * 100) : 100) : percent}
        aria-label={texts.progress}
        animated={percent === 100 && !rows}
      />
      <Text size="sm" c="gray.8" role="status">
        {rows ? texts.writing(rows) : percent < 100 ? texts.uploading(percent) : texts.processing}
      </Text>
    </Stack>
  );
}
