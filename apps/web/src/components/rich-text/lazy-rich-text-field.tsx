import { Skeleton, Text } from '@mantine/core';
import { richTextText as t } from '@sira/shared/messages/rich-html';
import { lazy, Suspense } from 'react';
import type { RichTextFieldProps } from './rich-text-field';

const RichTextField = lazy(() => import('./rich-text-field'));

/** The admin editor, fetched when a form first shows it: Tiptap and its styles load with the admin panel only. */
export function LazyRichTextField(props: RichTextFieldProps) {
  return (
    <Suspense
      fallback={
        <div aria-busy="true">
          <Text size="sm" fw={500}>
            {props.label}
          </Text>
          <Text size="sm" c="gray.8">
            {t.loading}
          </Text>
          <Skeleton height={props.minHeight ?? 240} radius="sm" mt={6} />
        </div>
      }
    >
      <RichTextField {...props} />
    </Suspense>
  );
}
