import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messageForCode } from '@sira/shared';
import { contract } from '@sira/shared/contract';
import { type ApplicantNameFormValues, applicantNameFormSchema } from '@sira/shared/forms/sending';
import { sendingText } from '@sira/shared/messages/sending';
import type { ApplicantNameBody } from '@sira/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormError } from '~/components/ui/form-error';
import { ApiRequestError, call } from '~/lib/api-client';
import { formMessage, validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { sendingKey } from '../api/get-compose';

const saveApplicantName = (body: ApplicantNameBody) => call(contract.users.updateApplicant, { body });

/**
 * Asked once of an account made before registration asked the applicant's name: the companies read it in the
 * From line and the signature ({{applicant_name}}), and the server will not schedule a send without it.
 */
export function ApplicantNameForm() {
  const queryClient = useQueryClient();
  const form = useForm<ApplicantNameFormValues>({
    initialValues: { fullName: '', fullNameEn: '' },
    validate: validateWith(applicantNameFormSchema),
  });
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveApplicantName,
    onSuccess: async () => {
      notify.success(sendingText.applicantSaved);
      await queryClient.invalidateQueries({ queryKey: sendingKey });
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
    onError: (e) => setError(messageForCode(e instanceof ApiRequestError ? e.code : undefined)),
  });
  const submit = form.onSubmit(
    ({ fullName, fullNameEn }) => {
      setError(null);
      save.mutate({ fullName, ...(fullNameEn.trim() ? { fullNameEn } : {}) });
    },
    (errors) => setError(formMessage(errors)),
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="applicant-heading">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="xl" id="applicant-heading">
            {sendingText.applicantHeading}
          </Title>
          <Text size="sm" c="gray.8">
            {sendingText.applicantIntro}
          </Text>
          <TextInput
            label={sendingText.applicantFullName}
            {...form.getInputProps('fullName')}
            maxLength={80}
            autoComplete="name"
            required
          />
          <TextInput
            label={sendingText.applicantFullNameEn}
            {...form.getInputProps('fullNameEn')}
            maxLength={80}
            dir="ltr"
            autoComplete="off"
          />
          <FormError error={error} />
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {sendingText.applicantSave}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
