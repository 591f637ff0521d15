import '@mantine/tiptap/styles.css';
import './prosemirror.css';
import { Alert, Input, Stack } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { PLACEHOLDER_LABELS, PLACEHOLDER_NAMES } from '@sira/shared';
import { richTextText as t } from '@sira/shared/messages/rich-html';
import { useEditor } from '@tiptap/react';
import { useId, useState } from 'react';
import { notEditableElements } from './not-editable';
import { richTextExtensions } from './rich-text-extensions';

export interface RichTextFieldProps {
  label: string;
  description?: string;
  /** The saved HTML the editor starts from; later changes of the prop are not followed (key the field). */
  initialValue: string;
  /** The editor's HTML on every change; '' when it holds no text. */
  onChange: (html: string) => void;
  /** Buttons that insert the template placeholders ({{company_name}}…). */
  withPlaceholders?: boolean;
  minHeight?: number;
}

const labels = {
  boldControlLabel: t.bold,
  italicControlLabel: t.italic,
  underlineControlLabel: t.underline,
  strikeControlLabel: t.strike,
  clearFormattingControlLabel: t.clearFormatting,
  h2ControlLabel: t.h2,
  h3ControlLabel: t.h3,
  h4ControlLabel: t.h4,
  bulletListControlLabel: t.bulletList,
  orderedListControlLabel: t.orderedList,
  blockquoteControlLabel: t.blockquote,
  hrControlLabel: t.hr,
  linkControlLabel: t.link,
  unlinkControlLabel: t.unlink,
  linkEditorInputLabel: t.linkInput,
  linkEditorInputPlaceholder: t.linkPlaceholder,
  linkEditorExternalLink: t.linkExternal,
  linkEditorInternalLink: t.linkInternal,
  linkEditorSave: t.linkSave,
  undoControlLabel: t.undo,
  redoControlLabel: t.redo,
};

/**
 * The admin rich-text editor (Mantine's Tiptap editor) for pages and templates: right to left, offering only
 * what the server's sanitiser keeps (rich-text-extensions.ts), so no tag is ever typed or read in reverse.
 * Loaded on demand (lazy-rich-text-field.tsx): Tiptap stays out of every other page's scripts.
 */
export default function RichTextField({
  label,
  description,
  initialValue,
  onChange,
  withPlaceholders,
  minHeight = 240,
}: RichTextFieldProps) {
  const id = useId();
  const [lost, setLost] = useState<string[]>([]);
  const editor = useEditor({
    extensions: richTextExtensions,
    content: initialValue,
    immediatelyRender: false,
    // Its base styles come with the chunk (prosemirror.css), not as a <style> element written at run time.
    injectCSS: false,
    // The toolbar shows which formats are on where the caret is.
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        dir: 'rtl',
        lang: 'ar',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(description ? { 'aria-describedby': `${id}-description` } : {}),
      },
    },
    onCreate: ({ editor: created }) => setLost(notEditableElements(initialValue, created.getHTML())),
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });

  return (
    <Stack gap={6}>
      <Input.Wrapper label={label} description={description} id={id} styles={{ description: { color: 'var(--mantine-color-gray-8)' } }}>
        <RichTextEditor editor={editor} labels={labels} dir="rtl" mt={6} data-testid="rich-text-editor">
          <RichTextEditor.Toolbar aria-label={t.toolbar}>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
              <RichTextEditor.H4 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
              <RichTextEditor.Hr />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
            {withPlaceholders ? (
              <RichTextEditor.ControlsGroup aria-label={t.placeholders}>
                {PLACEHOLDER_NAMES.map((name) => (
                  <RichTextEditor.Control
                    key={name}
                    w="auto"
                    px={8}
                    aria-label={t.insertPlaceholder(PLACEHOLDER_LABELS[name])}
                    onClick={() => editor?.chain().focus().insertContent(`{{${name}}}`).run()}
                  >
                    {PLACEHOLDER_LABELS[name]}
                  </RichTextEditor.Control>
                ))}
              </RichTextEditor.ControlsGroup>
            ) : null}
          </RichTextEditor.Toolbar>
          <RichTextEditor.Content mih={minHeight} />
        </RichTextEditor>
      </Input.Wrapper>
      {lost.length > 0 ? (
        <Alert color="yellow" role="status">
          {t.notEditable(lost)}
        </Alert>
      ) : null}
    </Stack>
  );
}
