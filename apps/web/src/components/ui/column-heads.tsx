import { Table } from '@mantine/core';

/** A table's header row from its column titles; scope="col" so each cell is read out with its column. */
export function ColumnHeads({ titles }: { titles: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {titles.map((title) => (
          <Table.Th key={title} scope="col">
            {title}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
