import { Button, Card, Group, MultiSelect, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  assignableRoles,
  emailSchema,
  personNameSchema,
  phoneSchema,
  type Role,
  roleSchema,
  type UpdateUserInput,
  USER_ERROR_CODES,
  type User,
} from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAuth } from '../../../lib/auth-context';
import { apiFieldErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useGroupOptions } from '../../../lib/queries/use-group-options';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useUpdateUser } from '../api/update-user';
import type { UserPermissions } from '../user-permissions';

/** The fields of `updateUserSchema` this form edits, with the same rules and messages. */
const profileSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  phone: phoneSchema,
  email: emailSchema,
  role: roleSchema,
  groups: z.array(z.string()),
});

interface ProfileValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  role: Role;
  groups: string[];
}

const FIELDS = ['firstName', 'lastName', 'phone', 'email', 'role', 'groups'] as const;
const CODE_FIELDS = { [USER_ERROR_CODES.emailExists]: 'email', 'users/role-too-high': 'role' };

export function ProfileForm({ user, permissions }: { user: User; permissions: UserPermissions }) {
  const { t } = useTranslation();
  const { role: myRole } = useAuth();
  const updateUser = useUpdateUser();
  const groupOptions = useGroupOptions(permissions.canEditGroups);
  const roles = myRole ? assignableRoles(myRole) : [];

  const form = useForm<ProfileValues>({
    mode: 'uncontrolled',
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone ?? '',
      email: user.email,
      role: user.role,
      groups: user.groups.map((group) => group.id),
    },
    validate: schemaResolver(profileSchema, { sync: true }),
  });

  const submit = (values: ProfileValues) => {
    const parsed = profileSchema.parse(values);
    const input: UpdateUserInput = {
      id: user.id,
      firstName: parsed.firstName,
      lastName: parsed.lastName,
      phone: parsed.phone,
      ...(permissions.canEditEmail && { email: parsed.email }),
      ...(permissions.canEditRole && { role: parsed.role }),
      ...(permissions.canEditGroups && { groups: parsed.groups }),
    };
    void updateUser.mutateAsync(input).then(
      (saved) => {
        form.setInitialValues({ ...values, phone: saved.phone ?? '' });
        form.resetDirty();
        notifySuccess(t('users.edit.profile.success'));
      },
      (error: Error) => {
        const fieldErrors = apiFieldErrors(error, FIELDS, CODE_FIELDS);
        if (fieldErrors) form.setErrors(fieldErrors);
        else notifyError(apiErrorMessage(error, t));
      },
    );
  };

  return (
    <Card padding="xl" component="section" aria-labelledby="profile-form-title">
      <Title order={3} fz="md" mb="lg" id="profile-form-title">
        {t('users.edit.profile.title')}
      </Title>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('users.fields.firstName')}
              withAsterisk
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t('users.fields.lastName')}
              withAsterisk
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
            <TextInput
              label={t('users.fields.email')}
              type="email"
              withAsterisk
              readOnly={!permissions.canEditEmail}
              disabled={!permissions.canEditEmail}
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <TextInput
              label={t('users.fields.phone')}
              type="tel"
              placeholder={t('users.fields.phonePlaceholder')}
              key={form.key('phone')}
              {...form.getInputProps('phone')}
            />
            <Select
              label={t('users.fields.role')}
              data={(permissions.canEditRole ? roles : [user.role]).map((role) => ({
                value: role,
                label: t(`roles.${role}`),
              }))}
              allowDeselect={false}
              disabled={!permissions.canEditRole}
              description={permissions.self ? t('users.edit.profile.roleLocked') : undefined}
              key={form.key('role')}
              {...form.getInputProps('role')}
            />
            {permissions.canEditGroups && (
              <MultiSelect
                label={t('users.fields.groups')}
                placeholder={t('users.fields.groupsPlaceholder')}
                nothingFoundMessage={t('users.fields.noGroups')}
                data={groupOptions}
                searchable
                clearable
                key={form.key('groups')}
                {...form.getInputProps('groups')}
              />
            )}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={updateUser.isPending}>
              {t('users.edit.profile.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
