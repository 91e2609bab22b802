import type { ReactNode } from 'react';
import { FormMessage } from '~/components/ui/field';
import { isFailure, isSuccess } from '~/lib/form-result';
import type { MarathonDetail } from '../types';
import { MarathonHeader } from './marathon-header';

/** The organisers' pages (Gerenciar and its webhooks): the marathon's header on its Gerenciar tab, the last form's answer, the tools. */
export function OrganizerFrame({ marathon, result, children }: { marathon: MarathonDetail; result: unknown; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <MarathonHeader marathon={marathon} current="gerenciar" />
      <FormMessage tone="success">{isSuccess(result) ? result.success : null}</FormMessage>
      <FormMessage>{isFailure(result) ? (result.formError ?? null) : null}</FormMessage>
      {children}
    </div>
  );
}
