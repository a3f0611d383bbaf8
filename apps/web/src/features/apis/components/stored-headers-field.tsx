import { Badge, Button, Group, Input, PasswordInput, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ApiFormValues, StoredHeader } from '../api-form-values';

/**
 * The saved custom headers, whose values the server never returns (like `SecretField`): each shows its
 * name with 'Satt', 'Bytt' to type a new value and 'Fjern' to drop it, without touching the others.
 */
export function StoredHeadersField({ form }: { form: UseFormReturnType<ApiFormValues> }) {
  const { t } = useTranslation();
  const headers = form.values.storedHeaders;
  if (headers.length === 0) return null;
  const setAction = (index: number, action: StoredHeader['action']) => {
    form.setFieldValue(`storedHeaders.${index}.action`, action);
    form.setFieldValue(`storedHeaders.${index}.value`, '');
    form.clearFieldError(`storedHeaders.${index}.value`);
  };
  return (
    <Input.Wrapper label={t('apis.form.storedHeaders')} description={t('apis.form.storedHeadersHint')}>
      <Stack gap="xs" mt={6} role="list">
        {headers.map((header, index) => {
          const path = `storedHeaders.${index}.value`;
          const error = form.errors[path];
          return (
            <Stack key={header.name} gap={4} role="listitem" aria-label={header.name}>
              <Group gap="sm" wrap="nowrap">
                <Text
                  ff="monospace"
                  size="sm"
                  fw={600}
                  td={header.action === 'remove' ? 'line-through' : undefined}
                  c={header.action === 'remove' ? 'dimmed' : undefined}
                  style={{ flex: 1, wordBreak: 'break-all' }}
                >
                  {header.name}
                </Text>
                {header.action === 'keep' && (
                  <Badge color="green" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
                    {t('apis.form.headerSet')}
                  </Badge>
                )}
                {header.action === 'remove' && (
                  <Badge color="red" variant="light">
                    {t('apis.form.headerRemoved')}
                  </Badge>
                )}
                {header.action === 'keep' ? (
                  <>
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => setAction(index, 'replace')}
                      aria-label={`${t('apis.form.replace')} ${header.name}`}
                    >
                      {t('apis.form.replace')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => setAction(index, 'remove')}
                      aria-label={`${t('apis.form.removeHeader')} ${header.name}`}
                    >
                      {t('apis.form.removeHeader')}
                    </Button>
                  </>
                ) : (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setAction(index, 'keep')}
                    aria-label={`${t('apis.form.keepHeader')} ${header.name}`}
                  >
                    {t('apis.form.keepHeader')}
                  </Button>
                )}
              </Group>
              {header.action === 'replace' ? (
                <PasswordInput
                  aria-label={`${header.name}: ${t('apis.form.headerValue')}`}
                  placeholder={t('apis.form.headerValue')}
                  autoComplete="new-password"
                  {...form.getInputProps(path)}
                />
              ) : (
                error && <Input.Error>{error}</Input.Error>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Input.Wrapper>
  );
}
