import type { QueryClient } from '@tanstack/react-query';
import { adminPackagesKey } from './admin-get-packages';
import { packagesQueryOptions } from './get-packages';

/**
 * After any package write: the admin list, the public pricing list, and every admin list that shows or offers
 * packages — users and companies (their package names, which a rename changes), the companies tab's package
 * choices and the templates tab's package checkboxes (a package added or deleted).
 */
export const invalidatePackageLists = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminPackagesKey }),
    queryClient.invalidateQueries({ queryKey: packagesQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'companies'] }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'templates'] }),
  ]);
