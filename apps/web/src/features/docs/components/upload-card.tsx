import '@mantine/dropzone/styles.css';
import { Alert, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconAlertCircle, IconFileText, IconUpload, IconX } from '@tabler/icons-react';
import { DATA_SOURCE_MAX_BYTES, DATA_SOURCE_MAX_FILES, DATA_SOURCE_MESSAGES as M } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useUploadDataSources } from '../api/upload-data-sources';

/** Browsers give `.md` files several types, or none: the dropzone judges by the name as well. */
const MARKDOWN_ACCEPT = { 'text/markdown': ['.md'], 'text/x-markdown': ['.md'] };

/** The server's own message for what the dropzone refused before sending anything. */
function rejectionMessage(rejections: FileRejection[]): string {
  const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
  const name = rejections[0]?.file.name ?? '';
  if (codes.includes('too-many-files')) return M.tooMany;
  if (codes.includes('file-too-large')) return M.tooLarge(name);
  return M.wrongType(name);
}

/**
 * Drop or pick up to 10 Markdown files (≤ 1 MB each); they go up at once in one request, with a progress
 * bar driven by the browser's upload progress. The server checks everything again and stores all or none.
 */
export function UploadCard() {
  const { t } = useTranslation();
  const upload = useUploadDataSources();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = (files: File[]) => {
    setError(null);
    setProgress(0);
    void upload
      .mutateAsync({ files, onProgress: (fraction) => setProgress(Math.round(fraction * 100)) })
      .then(
        ({ message }) => notifySuccess(message),
        (uploadError: Error) => setError(apiErrorMessage(uploadError, t)),
      )
      .finally(() => setProgress(null));
  };

  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Dropzone
          onDrop={send}
          onReject={(rejections) => setError(rejectionMessage(rejections))}
          accept={MARKDOWN_ACCEPT}
          maxSize={DATA_SOURCE_MAX_BYTES}
          maxFiles={DATA_SOURCE_MAX_FILES}
          multiple
          loading={upload.isPending}
          aria-label={t('docs.data.upload.label')}
        >
          <Group justify="center" gap="lg" mih={110} style={{ pointerEvents: 'none' }} wrap="nowrap">
            <Dropzone.Accept>
              <IconUpload size={40} stroke={1.5} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={40} stroke={1.5} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconFileText size={40} stroke={1.5} aria-hidden />
            </Dropzone.Idle>
            <div>
              <Text size="lg" fw={600}>
                {t('docs.data.upload.title')}
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                {t('docs.data.upload.hint', { count: DATA_SOURCE_MAX_FILES })}
              </Text>
            </div>
          </Group>
        </Dropzone>
        {progress !== null && (
          <Progress
            value={progress}
            size="lg"
            striped
            animated
            aria-label={t('docs.data.upload.progress')}
            data-testid="upload-progress"
          />
        )}
        {error && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={t('docs.data.upload.error')}
          >
            {error}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
