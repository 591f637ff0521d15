import { contract } from '@sira/shared/contract';
import { queryOptions } from '@tanstack/react-query';
import { call, hrefOf } from '~/lib/api-client';

export const latestExportQueryOptions = () =>
  queryOptions({
    queryKey: ['my-data', 'export'],
    queryFn: () => call(contract.users.latestDataExport),
    // While the archive is being made the page follows its progress once a second.
    refetchInterval: (query) => {
      const status = query.state.data?.export?.status;
      return status === 'pending' || status === 'running' ? 1000 : false;
    },
  });

export const requestExport = () => call(contract.users.requestDataExport);
export const exportFileUrl = (id: string) => hrefOf(contract.users.dataExportFile, { params: { id } });
export const savePhone = (phone: string) => call(contract.users.updatePhone, { body: { phone } });
export const requestEmailChange = (change: { email: string; password: string }) => call(contract.users.changeEmail, { body: change });
export const deleteAccount = (password: string) => call(contract.users.deleteAccount, { body: { password } });
