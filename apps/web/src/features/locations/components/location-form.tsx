import { Button, Grid, Group, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type CreateLocationInput, createLocationSchema, type Location } from '@vaskedrift/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors } from '../../../lib/form-errors';
import { LocationImageInput } from './location-image-input';

export interface LocationFormValues {
  name: string;
  address: string;
  postalCode: string;
  city: string;
  isVisibleInDashboard: boolean;
  imageId: string | null;
}

const FIELDS = ['name', 'address', 'postalCode', 'city', 'isVisibleInDashboard', 'imageId'] as const;

export function locationFormValues(location?: Location): LocationFormValues {
  return {
    name: location?.name ?? '',
    address: location?.address ?? '',
    postalCode: location?.postalCode ?? '',
    city: location?.city ?? '',
    isVisibleInDashboard: location?.isVisibleInDashboard ?? true,
    imageId: location?.imageId ?? null,
  };
}

/**
 * Name, address, postal code, city, 'Vis i oversikten' and the picture, checked with the same rules as
 * the server ('Navnet må være lenger enn 2 bokstaver', 'Postnummeret må være 4 siffer', …). `onSubmit`
 * gets the checked input and answers the server's refusal (if any): its field messages go under the fields.
 */
export function LocationForm({
  initial,
  submitLabel,
  submitting,
  onSubmit,
  onCancel,
  extraActions,
}: {
  initial: LocationFormValues;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (input: CreateLocationInput, showErrors: (error: unknown) => boolean) => void;
  onCancel?: () => void;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const form = useForm<LocationFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(createLocationSchema, { sync: true }),
  });

  const showErrors = (error: unknown): boolean => {
    const errors = apiFieldErrors(error, FIELDS);
    if (errors) form.setErrors(errors);
    return errors != null;
  };

  return (
    <form
      onSubmit={form.onSubmit((values) => onSubmit(createLocationSchema.parse(values), showErrors))}
      noValidate
    >
      <Stack gap="md">
        <TextInput
          label={t('locations.fields.name')}
          placeholder={t('locations.fields.namePlaceholder')}
          autoComplete="off"
          data-autofocus
          withAsterisk
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('locations.fields.address')}
          placeholder={t('locations.fields.addressPlaceholder')}
          autoComplete="off"
          withAsterisk
          {...form.getInputProps('address')}
        />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, xs: 4 }}>
            <TextInput
              label={t('locations.fields.postalCode')}
              placeholder="0150"
              inputMode="numeric"
              maxLength={4}
              autoComplete="off"
              withAsterisk
              {...form.getInputProps('postalCode')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 8 }}>
            <TextInput
              label={t('locations.fields.city')}
              placeholder={t('locations.fields.cityPlaceholder')}
              autoComplete="off"
              withAsterisk
              {...form.getInputProps('city')}
            />
          </Grid.Col>
        </Grid>
        <Switch
          label={t('locations.fields.isVisibleInDashboard')}
          description={t('locations.fields.isVisibleInDashboardHint')}
          {...form.getInputProps('isVisibleInDashboard', { type: 'checkbox' })}
        />
        <LocationImageInput
          value={form.values.imageId}
          onChange={(imageId) => form.setFieldValue('imageId', imageId)}
          error={typeof form.errors.imageId === 'string' ? form.errors.imageId : undefined}
        />
        <Group justify="space-between" mt="sm">
          <div>{extraActions}</div>
          <Group gap="sm">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
            )}
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
