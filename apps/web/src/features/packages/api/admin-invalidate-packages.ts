import type { QueryClient } from '@tanstack/react-query';
import { adminPackagesKey } from './admin-get-packages';
import { packagesQueryOptions } from './get-packages';

/**
 * After any package write: the admin list, the public pricing list, and the admin users list (it shows
 * package names, which a rename changes).
 */
export const invalidatePackageLists = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminPackagesKey }),
    queryClient.invalidateQueries({ queryKey: packagesQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  ]);
