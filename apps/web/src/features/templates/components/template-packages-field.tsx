import { Checkbox, Group } from '@mantine/core';
import { templatesAdminText as t } from '@sira/shared/messages/templates-admin';
import type { TemplatePackageOption } from '@sira/shared/schemas/templates-admin';

/** The package checkboxes of a template (spec §2): at least one must be ticked. */
export function TemplatePackagesField({
  options,
  value,
  onChange,
  label = t.packages,
}: {
  options: TemplatePackageOption[];
  value: string[];
  onChange: (ids: string[]) => void;
  label?: string;
}) {
  return (
    <Checkbox.Group label={label} value={value} onChange={onChange} withAsterisk>
      <Group gap="sm" mt={6}>
        {options.map((p) => (
          <Checkbox key={p.id} value={p.id} label={p.name} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
