import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** How the signed-in user can come back: read by the profile's section and the sign-out sheet. */
export const accountKeys = {
  all: ['account'] as const,
  methods: (userId: number) => [...accountKeys.all, userId, 'sign-in-methods'] as const,
};

export function signInMethodsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: accountKeys.methods(userId),
    queryFn: ({ signal }) => callApi('get_sign_in_methods', {}, { signal }),
  });
}

export function useSignInMethods(userId: number) {
  return useQuery(signInMethodsQueryOptions(userId));
}
