import {
  Button,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { assignableRoles, createUserSchema, type Role, USER_ERROR_CODES } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth-context';
import { apiFieldErrors } from '../../../lib/form-errors';
import { fullName } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useGroupOptions } from '../../../lib/queries/use-group-options';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useCreateUser } from '../api/create-user';

interface CreateUserValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  role: Role | null;
  groups: string[];
}

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'password', 'role', 'groups'] as const;
/** Refusals that are about one field: shown under it rather than as a toast. */
const CODE_FIELDS = { [USER_ERROR_CODES.emailExists]: 'email', 'users/role-too-high': 'role' };

export function CreateUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { role: myRole } = useAuth();
  const createUser = useCreateUser();
  const groupOptions = useGroupOptions(opened);
  const roles = myRole ? assignableRoles(myRole) : [];

  const form = useForm<CreateUserValues>({
    mode: 'uncontrolled',
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      password: '',
      role: 'user',
      groups: [],
    },
    validate: schemaResolver(createUserSchema, { sync: true }),
  });

  const close = () => {
    form.reset();
    createUser.reset();
    onClose();
  };

  const submit = (values: CreateUserValues) => {
    const input = createUserSchema.parse(values);
    // `mutateAsync`: the toast comes even if the modal unmounted before the answer (components/confirm.ts).
    void createUser.mutateAsync(input).then(
      (user) => {
        notifySuccess(t('users.create.success', { name: fullName(user) }));
        close();
      },
      (error: Error) => {
        const fieldErrors = apiFieldErrors(error, FIELDS, CODE_FIELDS);
        if (fieldErrors) form.setErrors(fieldErrors);
        else notifyError(apiErrorMessage(error, t));
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('users.create.title')} size="lg" centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('users.fields.firstName')}
              autoComplete="off"
              data-autofocus
              withAsterisk
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t('users.fields.lastName')}
              autoComplete="off"
              withAsterisk
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('users.fields.email')}
              type="email"
              autoComplete="off"
              withAsterisk
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
          </SimpleGrid>
          <PasswordInput
            label={t('users.fields.password')}
            description={t('users.create.passwordHint')}
            autoComplete="new-password"
            withAsterisk
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('users.fields.role')}
              data={roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              allowDeselect={false}
              withAsterisk
              key={form.key('role')}
              {...form.getInputProps('role')}
            />
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
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={createUser.isPending}>
              {t('users.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
