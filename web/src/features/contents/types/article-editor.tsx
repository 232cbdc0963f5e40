import '@mantine/tiptap/styles.css';
import { Input, Paper, Stack, Title } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { FieldsEditorProps } from '../content-types';
import type { ArticleFormFields } from './article';

const CONTROLS = [
  'bold',
  'italic',
  'underline',
  'strike',
  'clearFormatting',
  'h2',
  'h3',
  'bulletList',
  'orderedList',
  'blockquote',
  'code',
  'hr',
  'link',
  'unlink',
  'undo',
  'redo',
] as const;

/**
 * SPEC §3 article body: TipTap through Mantine's RichTextEditor. What it produces is HTML; the server sanitizes it
 * on every save (lambdas/content/article/sanitize-article.ts), so the editor is a convenience, not the guard.
 */
export default function ArticleEditor({ form, error }: FieldsEditorProps<ArticleFormFields>) {
  const { t } = useTranslation();
  const labelId = useId();
  const editor = useEditor({
    // Mantine's Link adds the keyboard shortcut and its link editor; StarterKit's own link is replaced by it.
    extensions: [StarterKit.configure({ link: false, heading: { levels: [2, 3] } }), Link.configure({ openOnClick: false, autolink: true, protocols: ['https', 'http', 'mailto'] })],
    content: form.values.fields.html,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor }) => form.setFieldValue('fields.html', editor.isEmpty ? '' : editor.getHTML()),
    editorProps: { attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox' } },
  });
  const labels = Object.fromEntries(CONTROLS.map((c) => [`${c}ControlLabel`, t(`contents:article.controls.${c}`)]));
  const message = error('html');
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4" id={labelId}>
          {t('contents:article.body')}
        </Title>
        <RichTextEditor
          editor={editor}
          labels={{
            ...labels,
            linkEditorInputLabel: t('contents:article.linkUrl'),
            linkEditorInputPlaceholder: 'https://',
            linkEditorExternalLink: t('contents:article.linkNewTab'),
            linkEditorInternalLink: t('contents:article.linkSameTab'),
            linkEditorSave: t('contents:article.linkSave'),
          }}
        >
          <RichTextEditor.Toolbar sticky stickyOffset={60}>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
              <RichTextEditor.ClearFormatting />
              <RichTextEditor.Code />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Blockquote />
              <RichTextEditor.Hr />
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
          <RichTextEditor.Content mih={240} />
        </RichTextEditor>
        {message && <Input.Error role="alert">{message}</Input.Error>}
      </Stack>
    </Paper>
  );
}
