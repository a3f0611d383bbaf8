import '@mantine/dropzone/styles.css';
import { Button, Group, Image, Input, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhoto, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES, IMAGE_MESSAGES, imageUrl } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useUploadLocationImage } from '../api/upload-location-image';
import classes from './location-image-input.module.css';

/** The shared message for a file the dropzone refused before sending it. */
function rejectionMessage(rejections: FileRejection[]): string {
  const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
  if (codes.includes('too-many-files')) return IMAGE_MESSAGES.tooMany;
  if (codes.includes('file-too-large')) return IMAGE_MESSAGES.tooLarge;
  return IMAGE_MESSAGES.wrongType;
}

/**
 * The facility's picture: drop or pick one PNG/JPEG/WebP (≤ 5 MB), which is uploaded at once (with its
 * progress) and then previewed; the form keeps only the uploaded image's id. 'Fjern bilde' clears it.
 */
export function LocationImageInput({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (imageId: string | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const upload = useUploadLocationImage();
  const [progress, setProgress] = useState<number | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);

  const send = (file: File) => {
    setLocalError(null);
    setProgress(0);
    void upload
      .mutateAsync({ file, onProgress: setProgress })
      .then(
        (image) => onChange(image.id),
        (uploadError: Error) => {
          const message = apiErrorMessage(uploadError, t);
          setLocalError(message);
          notifyError(message, t('locations.image.uploadError'));
        },
      )
      .finally(() => setProgress(null));
  };

  const shownError = localError ?? error;
  return (
    <Input.Wrapper
      label={t('locations.fields.image')}
      description={t('locations.image.hint')}
      error={shownError}
    >
      <Stack gap="sm" mt={6}>
        {value && (
          <Group gap="md" align="flex-start" wrap="nowrap">
            <Image
              src={imageUrl(value)}
              alt={t('locations.image.preview')}
              className={classes.preview}
              radius="md"
              fit="cover"
            />
            <Button
              variant="default"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => onChange(null)}
            >
              {t('locations.image.remove')}
            </Button>
          </Group>
        )}
        <Dropzone
          onDrop={(files) => {
            const [file] = files;
            if (file) send(file);
          }}
          onReject={(rejections) => setLocalError(rejectionMessage(rejections))}
          accept={[...IMAGE_CONTENT_TYPES]}
          maxSize={IMAGE_MAX_BYTES}
          maxFiles={1}
          multiple={false}
          loading={upload.isPending}
          inputProps={{ 'aria-label': t('locations.image.fileInput') }}
          className={classes.dropzone}
        >
          <Group justify="center" gap="md" mih={72} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={32} stroke={1.5} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={32} stroke={1.5} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhoto size={32} stroke={1.5} aria-hidden />
            </Dropzone.Idle>
            <div>
              <Text size="sm" fw={500}>
                {value ? t('locations.image.replace') : t('locations.image.drop')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('locations.image.types')}
              </Text>
            </div>
          </Group>
        </Dropzone>
        {progress !== null && (
          <Progress value={progress} size="sm" animated aria-label={t('locations.image.progress')} />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
