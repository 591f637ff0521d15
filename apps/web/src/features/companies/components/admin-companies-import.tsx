import { Button, Card, FileInput, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  companiesText,
  EXCEL_HEADERS,
  excelFormatOf,
  excelMaxBytes,
  excelSizeLimitsText,
  hasExcelExtension,
} from '@sira/shared/messages/companies-admin';
import type { CompaniesImportResult } from '@sira/shared/schemas/companies-admin';
import { useState } from 'react';
import { ImportResult } from '~/components/ui/import-result';
import { UploadProgress } from '~/components/ui/upload-progress';
import type { ImportRowsProgress } from '~/lib/import-stream';
import { notify } from '~/lib/notify';
import { useImportCompanies } from '../api/import-companies';
import { companiesToasts, type Feedback, importErrorFeedback, importResultFeedback } from '../utils/companies-feedback';
import { errorCode } from '../utils/error-code';

const texts = {
  title: 'رفع ملف Excel',
  columns: `الأعمدة المقروءة من الصف الأول: ${Object.values(EXCEL_HEADERS).join('، ')} (أو Company، Email، Sector، City، Package). حتى 100,000 صف، وحجم الملف حتى ${excelSizeLimitsText}.`,
  defaultPackage: 'الباقة الافتراضية',
  defaultPackageHint: 'للصفوف التي بلا باقة أو بباقة غير معروفة',
  noDefault: 'بدون باقة افتراضية',
  file: 'ملف Excel',
  filePlaceholder: 'اختر ملف ‎.xlsx‎ أو ‎.xls‎',
  upload: 'رفع الملف',
  inDirectory: 'موجود في الدليل',
};

const show = (feedback: Feedback) => notify[feedback.kind](feedback.text);

/** What the admin chooses before uploading: the package for rows without one, and the spreadsheet. */
interface ImportFormValues {
  defaultPackageId: string | null;
  file: File | null;
}

/** Default package, file and upload (spec §5 "Excel upload"). The server reads the file and applies every rule. */
export function AdminCompaniesImport({ packageOptions }: { packageOptions: Array<{ value: string; label: string }> }) {
  const form = useForm<ImportFormValues>({ name: 'companies-import', initialValues: { defaultPackageId: null, file: null } });
  const [progress, setProgress] = useState<number | null>(null);
  const [rows, setRows] = useState<ImportRowsProgress | null>(null);
  const [result, setResult] = useState<CompaniesImportResult | null>(null);
  const upload = useImportCompanies();

  const choose = (chosen: File | null) => {
    if (chosen && !hasExcelExtension(chosen.name)) {
      notify.error(companiesText.excelOnly);
      form.setFieldValue('file', null);
      return;
    }
    form.setFieldValue('file', chosen);
  };

  const submit = ({ defaultPackageId, file }: ImportFormValues) => {
    if (!file) return;
    if (file.size > excelMaxBytes(excelFormatOf(file.name))) {
      notify.error(companiesToasts.beforeUpload(companiesText.fileTooLarge));
      return;
    }
    setProgress(0);
    setRows(null);
    setResult(null);
    upload.mutate(
      { file, defaultPackageId, onProgress: setProgress, onRows: setRows },
      {
        onSuccess: (answer) => {
          setResult(answer);
          form.setFieldValue('file', null);
          show(importResultFeedback(answer));
        },
        onError: (error) => show(importErrorFeedback(errorCode(error) ?? 'INTERNAL')),
        onSettled: () => {
          setProgress(null);
          setRows(null);
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="companies-import-title">
      <Stack gap="sm">
        <Title order={3} fz="lg" id="companies-import-title">
          {texts.title}
        </Title>
        <Text size="sm" c="gray.8">
          {texts.columns}
        </Text>
        <Group align="flex-end" grow preventGrowOverflow={false} wrap="wrap">
          <Select
            label={texts.defaultPackage}
            description={texts.defaultPackageHint}
            placeholder={texts.noDefault}
            data={packageOptions}
            value={form.values.defaultPackageId}
            onChange={(id) => form.setFieldValue('defaultPackageId', id)}
            clearable
            disabled={upload.isPending}
            maw={300}
          />
          <FileInput
            label={texts.file}
            placeholder={texts.filePlaceholder}
            accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
            value={form.values.file}
            onChange={choose}
            clearable
            disabled={upload.isPending}
            maw={360}
          />
          <Button onClick={() => submit(form.getValues())} disabled={!form.values.file} loading={upload.isPending} maw={160}>
            {texts.upload}
          </Button>
        </Group>
        {progress !== null ? <UploadProgress percent={progress} rows={rows} /> : null}
        {result ? <ImportResult result={result} alreadyListed={texts.inDirectory} /> : null}
      </Stack>
    </Card>
  );
}
