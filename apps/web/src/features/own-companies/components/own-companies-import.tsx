import { Button, Card, FileInput, Group, List, Stack, Text, Title } from '@mantine/core';
import { companiesText, excelFormatOf, hasExcelExtension } from '@sira/shared/messages/companies-admin';
import type { CompaniesImportResult } from '@sira/shared/schemas/companies-admin';
import type { OwnCompaniesSummary } from '@sira/shared/schemas/own-companies';
import { useState } from 'react';
import { ImportResult } from '~/components/ui/import-result';
import { UploadProgress } from '~/components/ui/upload-progress';
import type { ImportRowsProgress } from '~/lib/import-stream';
import { notify } from '~/lib/notify';
import { useImportOwnCompanies } from '../api/import-own-companies';
import { importHeaders, importRulesText, ownCompaniesErrorText, ownImportFeedback } from '../utils/own-companies-texts';

const texts = {
  title: 'رفع ملف Excel',
  headers: 'اجعل الصف الأول عناوين الأعمدة:',
  orEnglish: (english: string) => `أو ${english}`,
  file: 'ملف Excel',
  filePlaceholder: 'اختر ملف ‎.xlsx‎ أو ‎.xls‎',
  upload: 'رفع الملف',
  alreadyListed: 'موجود في قائمتك',
  tooLarge: 'حجم الملف أكبر من المسموح لهذه الصيغة.',
  failed: (msg: string) => `تعذّر رفع الملف: ${msg}`,
};

/**
 * The user's spreadsheet upload (ADR 029): the headers read and the limits, the file, its progress (bytes,
 * then rows written), and what the upload did, row by row. The server applies the admin import's rules.
 */
export function OwnCompaniesImport({ summary }: { summary: OwnCompaniesSummary }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [rows, setRows] = useState<ImportRowsProgress | null>(null);
  const [result, setResult] = useState<CompaniesImportResult | null>(null);
  const upload = useImportOwnCompanies();

  const choose = (chosen: File | null) => {
    if (chosen && !hasExcelExtension(chosen.name)) {
      notify.error(companiesText.excelOnly);
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  const submit = () => {
    if (!file) return;
    if (file.size > summary.maxBytes[excelFormatOf(file.name)]) {
      notify.error(`${texts.tooLarge} ${importRulesText(summary)}`);
      return;
    }
    setProgress(0);
    setRows(null);
    setResult(null);
    upload.mutate(
      { file, onProgress: setProgress, onRows: setRows },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setFile(null);
          const feedback = ownImportFeedback(answer);
          notify[feedback.kind](feedback.text);
        },
        onError: (error) => notify.error(texts.failed(ownCompaniesErrorText(error))),
        onSettled: () => {
          setProgress(null);
          setRows(null);
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="own-import-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="own-import-title">
          {texts.title}
        </Title>
        <div>
          <Text size="sm" c="gray.8">
            {texts.headers}
          </Text>
          <List size="sm" c="gray.8">
            {importHeaders.map((h) => (
              <List.Item key={h.header}>
                {h.header} ({texts.orEnglish(h.english)})
              </List.Item>
            ))}
          </List>
        </div>
        <Text size="sm" c="gray.8">
          {importRulesText(summary)}
        </Text>
        <Group align="flex-end" wrap="wrap">
          <FileInput
            label={texts.file}
            placeholder={texts.filePlaceholder}
            accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
            value={file}
            onChange={choose}
            clearable
            disabled={upload.isPending}
            w={{ base: '100%', xs: 320 }}
          />
          <Button onClick={submit} disabled={!file} loading={upload.isPending}>
            {texts.upload}
          </Button>
        </Group>
        {progress !== null ? <UploadProgress percent={progress} rows={rows} /> : null}
        {result ? <ImportResult result={result} alreadyListed={texts.alreadyListed} /> : null}
      </Stack>
    </Card>
  );
}
