import { Alert, List, Stack, Text } from '@mantine/core';
import { countOf, formatNumber, NOUNS } from '@sira/shared';
import type { CompaniesImportResult, ImportSkipReason } from '@sira/shared/schemas/companies-admin';

const texts = {
  resultTitle: 'نتيجة آخر رفع',
  resultRows: (r: CompaniesImportResult) =>
    `صفوف الملف: ${formatNumber(r.rows)} — أضيفت: ${formatNumber(r.added)} — صفوف غير صالحة: ${formatNumber(r.skipped)} — مكررة: ${formatNumber(r.duplicates)}`,
  duplicates: 'أمثلة على الصفوف ذات البريد المكرر:',
  duplicateOf: (row: number) => `مكرر للصف ${row} في الملف`,
  skippedRows: 'أمثلة على الصفوف المتخطاة:',
  row: (n: number) => `الصف ${n}`,
  formulas: (n: number) =>
    `${countOf(n, NOUNS.cell)} فيها صيغة بدل قيمة: حُفظ النص الظاهر للصيغ التي تجمع نصوصاً فقط (مثل HYPERLINK)، وتُركت غيرها فارغة. للتحقق، انسخ الأعمدة والصقها كقيم ثم أعد الرفع.`,
  formulaCell: (row: number, column: string) => `الصف ${row}، عمود «${column}»`,
  reasons: {
    EMAIL_MISSING: 'لا يوجد بريد إلكتروني',
    EMAIL_INVALID: 'البريد الإلكتروني غير صالح',
    PACKAGE_UNKNOWN: 'الباقة غير معروفة ولا توجد باقة افتراضية',
    PACKAGE_MISSING: 'لا توجد باقة ولا باقة افتراضية',
  } satisfies Record<ImportSkipReason, string>,
};

/**
 * What a spreadsheet import did (the directory's and a user's own list answer alike): the counts, the repeated
 * addresses and skipped rows by their row numbers, and the cells that held a formula instead of a value.
 */
export function ImportResult({
  result,
  alreadyListed,
}: {
  result: CompaniesImportResult;
  /** How a row whose address the list already held is described ("in the directory", "already in your list"). */
  alreadyListed: string;
}) {
  return (
    <Alert
      color={result.added > 0 ? 'teal' : 'yellow'}
      role="status"
      title={
        // An explicit dark title: the alert's own title colour is too light on its tinted background for AA.
        <Text fw={700} size="sm" c="gray.9">
          {texts.resultTitle}
        </Text>
      }
    >
      <Stack gap="xs">
        <Text size="sm">{texts.resultRows(result)}</Text>
        {result.duplicateRows.length > 0 ? (
          <div>
            <Text size="sm">{texts.duplicates}</Text>
            <List size="sm">
              {result.duplicateRows.map((d) => (
                <List.Item key={d.row}>
                  {texts.row(d.row)}: <bdi dir="ltr">{d.email}</bdi> —{' '}
                  {d.firstRow === undefined ? alreadyListed : texts.duplicateOf(d.firstRow)}
                </List.Item>
              ))}
            </List>
          </div>
        ) : null}
        {result.skippedRows.length > 0 ? (
          <div>
            <Text size="sm">{texts.skippedRows}</Text>
            <List size="sm">
              {result.skippedRows.map((s) => (
                <List.Item key={s.row}>
                  {texts.row(s.row)}: {texts.reasons[s.reason]}
                </List.Item>
              ))}
            </List>
          </div>
        ) : null}
        {result.formulas > 0 ? (
          <div data-testid="import-formula-cells">
            <Text size="sm">{texts.formulas(result.formulas)}</Text>
            <List size="sm">
              {result.formulaCells.map((f) => (
                <List.Item key={`${f.row}-${f.column}`}>{texts.formulaCell(f.row, f.column)}</List.Item>
              ))}
            </List>
          </div>
        ) : null}
      </Stack>
    </Alert>
  );
}
