import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { createVideo, isVideoListKey } from '../api';
import { VideoForm } from '../components/video-form';
import { useVideoUpload, VideoUploadPanel } from '../components/video-uploader';
import { emptyVideoForm, formToInput } from '../form-values';
import { useVideoForm } from '../use-video-form';
import { AdminPage } from '../../../components/admin-page/admin-page';
import type { UploadTarget } from '../upload-video';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

/** SPEC §2 /admin/video/create: the main fields are saved first, then the file goes to the new video's version 1. */
function VideoCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { form, showServerErrors } = useVideoForm(emptyVideoForm());
  const [file, setFile] = useState<File | null>(null);
  // Once created, a retry uploads to the same video instead of creating another.
  const created = useRef<UploadTarget>(undefined);
  const upload = useVideoUpload({
    target: async () => created.current!,
    onUploaded: ({ videoId }) => navigate(`/admin/video/${videoId}/edit`),
  });

  const submit = form.onSubmit(async (values) => {
    if (!created.current) {
      try {
        const result = await createVideo(formToInput(values));
        created.current = { videoId: result.videoId, versionNumber: result.uploadVersion };
      } catch (e) {
        toast.error(errorMessage(e));
        showServerErrors(e);
        return;
      }
      toast.success(t('videos:create.created', { title: values.title.trim() }));
      await mutate(isVideoListKey);
    }
    if (file) await upload.start(file);
    else navigate(`/admin/video/${created.current.videoId}/edit`);
  });

  return (
    <AdminPage title={t('videos:create.title')} back={{ to: '/admin/video', label: t('videos:edit.back') }} maw={null}>
      <VideoForm form={form} full={false} submitLabel={t(file ? 'videos:create.submitWithFile' : 'videos:create.submit')} onSubmit={(e) => void submit(e)}>
        <VideoUploadPanel
          phase={upload.phase}
          file={file}
          onFileChange={setFile}
          onCancel={upload.cancel}
          onRetry={file && created.current ? () => void upload.start(file) : undefined}
        />
      </VideoForm>
    </AdminPage>
  );
}

export { VideoCreatePage as Component };
