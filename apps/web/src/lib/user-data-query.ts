import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_USER_SETTINGS, type UserView } from '@vaskedrift/shared';
import { apiRequest, isApiError } from './api-client';
import { useAuth } from './auth-context';
import { FIRST_READS } from './early-reads';
import { CLEARED_USER_DATA, isUserDataReady, type UserData, userDataFromView } from './user-data';

/** The signed-in account has no row in v_users_data; it is then signed out (docs/domain.md, User data). */
export class UserDataMissingError extends Error {
  constructor() {
    super('Fant ingen brukerdata for kontoen');
    this.name = 'UserDataMissingError';
  }
}

export const userViewQueryKey = (userId: string) => ['users', 'view', userId] as const;

/**
 * `POST backend/users/get` with `{table: 'v_users_data', id}`. Not parsed again here: the server's serializer
 * has checked the answer against `userViewSchema`, and the first page's file holds no zod (decision 040); an
 * answer without the view counts as no user data.
 */
async function getUserView(userId: string): Promise<UserView> {
  let body: unknown;
  try {
    const read = FIRST_READS.user(userId);
    body = await apiRequest<unknown>('POST', read.path, read.body);
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw new UserDataMissingError();
    throw error;
  }
  const view = (body as { data?: UserView | null } | null)?.data;
  if (typeof view !== 'object' || view === null) throw new UserDataMissingError();
  return view;
}

const userViewQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userViewQueryKey(userId),
    queryFn: () => getUserView(userId),
    staleTime: 5 * 60_000,
    retry: (failureCount, error) =>
      !(error instanceof UserDataMissingError) &&
      !(isApiError(error) && error.status < 500) &&
      failureCount < 2,
  });

export interface UserDataState extends UserData {
  ready: boolean;
  error: Error | null;
  refetch: () => void;
}

/** The signed-in user's profile, settings, config and groups, and whether the app may count as ready. */
export function useUserData(): UserDataState {
  const { status, user } = useAuth();
  const userId = status === 'signedIn' ? (user?.id ?? null) : null;
  const query = useQuery({ ...userViewQueryOptions(userId ?? ''), enabled: userId != null });
  const data: UserData =
    userId && query.data
      ? { loading: query.isFetching && !query.data, ...userDataFromView(query.data) }
      : CLEARED_USER_DATA;
  return {
    ...data,
    ready: isUserDataReady(data),
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

/** Rows per page for every table: the user's setting (default 5). */
export function useItemsPerPage(): number {
  return useUserData().settings?.itemsPerPage ?? DEFAULT_USER_SETTINGS.itemsPerPage;
}
