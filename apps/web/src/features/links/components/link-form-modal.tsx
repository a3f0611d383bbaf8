import { Autocomplete, Group, Input, SegmentedControl, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { createLinkSchema, type Link, type LinkTarget, updateLinkSchema } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, useCreateOrUpdateSubmit } from '../../../components/entity-form-modal';
import { useCreateLink } from '../api/create-link';
import { useUpdateLink } from '../api/update-link';
import { LINK_ICON_CLASSES, linkIcon } from '../link-icons';

interface LinkValues {
  title: string;
  url: string;
  target: LinkTarget;
  iconClass: string;
}

const FIELDS = ['title', 'url', 'target', 'iconClass'] as const;
const checkLink = schemaResolver(createLinkSchema, { sync: true });

/** 'Ny lenke' (no `link`) or 'Rediger lenke': title, URL, where it opens, and an icon. */
export function LinkFormModal({
  bayId,
  link,
  opened,
  onClose,
}: {
  bayId: string;
  link: Link | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const createLink = useCreateLink();
  const updateLink = useUpdateLink();
  const form = useForm<LinkValues>({
    mode: 'controlled',
    initialValues: {
      title: link?.title ?? '',
      url: link?.url ?? '',
      target: link?.target ?? 'blank',
      iconClass: link?.iconClass ?? '',
    },
    validate: (values) => checkLink({ bayId, ...values }),
  });
  const Icon = linkIcon(form.values.iconClass || null, form.values.target);

  const save = useCreateOrUpdateSubmit({
    form,
    fields: FIELDS,
    onClose,
    create: {
      mutation: createLink,
      input: (values) => createLinkSchema.parse({ bayId, ...values }),
      success: (saved) => t('links.create.success', { title: saved.title }),
    },
    update: link
      ? {
          mutation: updateLink,
          input: (values) => updateLinkSchema.parse({ id: link.id, ...values }),
          success: (saved) => t('links.edit.success', { title: saved.title }),
        }
      : null,
  });

  return (
    <EntityFormModal
      opened={opened}
      onClose={save.close}
      title={link ? t('links.edit.title') : t('links.create.title')}
      submitLabel={link ? t('links.edit.submit') : t('links.create.submit')}
      pending={save.pending}
      onSubmit={form.onSubmit(save.submit)}
    >
      <TextInput
        label={t('links.fields.title')}
        placeholder={t('links.fields.titlePlaceholder')}
        autoComplete="off"
        data-autofocus
        withAsterisk
        {...form.getInputProps('title')}
      />
      <TextInput
        label={t('links.fields.url')}
        placeholder="https://"
        type="url"
        autoComplete="off"
        withAsterisk
        {...form.getInputProps('url')}
      />
      <Input.Wrapper label={t('links.fields.target')} error={form.errors.target}>
        <SegmentedControl
          display="flex"
          mt={4}
          data={[
            { value: 'self', label: t('links.target.self') },
            { value: 'blank', label: t('links.target.blank') },
          ]}
          value={form.values.target}
          onChange={(value) => form.setFieldValue('target', value === 'self' ? 'self' : 'blank')}
        />
      </Input.Wrapper>
      <Autocomplete
        label={t('links.fields.iconClass')}
        description={t('links.fields.iconClassHint')}
        placeholder="ti-external-link"
        data={LINK_ICON_CLASSES}
        leftSection={<Icon size={16} aria-hidden />}
        renderOption={({ option }) => {
          const OptionIcon = linkIcon(option.value, 'self');
          return (
            <Group gap="xs" wrap="nowrap">
              <OptionIcon size={16} aria-hidden />
              {option.value}
            </Group>
          );
        }}
        {...form.getInputProps('iconClass')}
      />
    </EntityFormModal>
  );
}
