import { queryOptions, useQuery, type UseMutationOptions } from '@tanstack/react-query';
import type { CreatePotFields } from '#domain/pot-rules.ts';
import type { ChangeKind } from '#domain/realtime.ts';
import { api, unwrap } from '#web/lib/api-client.ts';
import { useChangeMutation } from '#web/lib/change-mutation.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** What the server announces for a pot change. */
const potChanges = ['pots'] as const satisfies readonly ChangeKind[];

export async function getPot(potId: string) {
  return unwrap(await api.pots[':id'].$get({ param: { id: potId } }));
}
export type PotData = Awaited<ReturnType<typeof getPot>>;

/** The pot page's data (/pots/:id); 404 when the viewer may not see it. */
export function usePot(potId: string) {
  // No error toast: the page itself says 'Oops! Page not found' (or offers a retry).
  return useQuery(queryOptions({ queryKey: queryKeys.pot(potId), queryFn: () => getPot(potId) }));
}

type Config<TVariables> = Omit<UseMutationOptions<PotData, Error, TVariables>, 'mutationFn'>;

/** A pot change: the pot page refreshes before `onSuccess`, and after a refusal too (someone acted first). */
function usePotMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<PotData>,
  config: Config<TVariables>,
) {
  return useChangeMutation(potChanges, mutationFn, config, { refreshOnError: true });
}

export function useCreatePot(config: Config<CreatePotFields> = {}) {
  return usePotMutation(
    async (input: CreatePotFields) => unwrap(await api.pots.$post({ json: input })),
    config,
  );
}

export type PickInput = { optionId: string } | { guess: number };

export function useJoinPot(potId: string, config: Config<PickInput> = {}) {
  return usePotMutation(
    async (pick: PickInput) =>
      unwrap(await api.pots[':id'].entry.$post({ param: { id: potId }, json: pick })),
    config,
  );
}

export function useChangePick(potId: string, config: Config<PickInput> = {}) {
  return usePotMutation(
    async (pick: PickInput) => unwrap(await api.pots[':id'].entry.$put({ param: { id: potId }, json: pick })),
    config,
  );
}

export function useLeavePot(potId: string, config: Config<void> = {}) {
  return usePotMutation(
    async () => unwrap(await api.pots[':id'].entry.$delete({ param: { id: potId } })),
    config,
  );
}

export function useCloseEntries(potId: string, config: Config<void> = {}) {
  return usePotMutation(
    async () => unwrap(await api.pots[':id'].close.$post({ param: { id: potId } })),
    config,
  );
}

export function useCancelPot(potId: string, config: Config<void> = {}) {
  return usePotMutation(
    async () => unwrap(await api.pots[':id'].cancel.$post({ param: { id: potId } })),
    config,
  );
}

export function useAcceptReferee(potId: string, config: Config<void> = {}) {
  return usePotMutation(
    async () => unwrap(await api.pots[':id'].referee.$post({ param: { id: potId } })),
    config,
  );
}

export function useDeclareResult(
  potId: string,
  config: Config<{ optionId: string } | { number: number }> = {},
) {
  return usePotMutation(
    async (result: { optionId: string } | { number: number }) =>
      unwrap(await api.pots[':id'].result.$post({ param: { id: potId }, json: result })),
    config,
  );
}

export function useMarkPotPaid(potId: string, config: Config<string> = {}) {
  return usePotMutation(
    async (paymentId: string) =>
      unwrap(await api.pots[':id'].payments[':paymentId'].sent.$post({ param: { id: potId, paymentId } })),
    config,
  );
}

export function useConfirmPotPayment(potId: string, config: Config<string> = {}) {
  return usePotMutation(
    async (paymentId: string) =>
      unwrap(
        await api.pots[':id'].payments[':paymentId'].confirmed.$post({ param: { id: potId, paymentId } }),
      ),
    config,
  );
}

export function useVote(potId: string, config: Config<string> = {}) {
  return usePotMutation(
    async (optionId: string) =>
      unwrap(await api.pots[':id'].vote.$post({ param: { id: potId }, json: { optionId } })),
    config,
  );
}

/** An invitee's 'I'm not entering': the invitation leaves 'Waiting on You'. */
export function useDeclineInvitation(potId: string, config: Config<void> = {}) {
  return usePotMutation(
    async () => unwrap(await api.pots[':id'].decline.$post({ param: { id: potId } })),
    config,
  );
}

/**
 * The referee declines; they no longer see the pot, so no page comes back and the pot page is not
 * refreshed (it would answer 404): only their inbox and red dot are, and the caller leaves the page.
 */
export function useDeclineReferee(
  potId: string,
  config: Omit<UseMutationOptions<{ id: string }>, 'mutationFn'> = {},
) {
  return useChangeMutation(
    ['notifications'],
    async () => unwrap(await api.pots[':id'].referee.decline.$post({ param: { id: potId } })),
    config,
  );
}

/** The creator picks another referee while waiting for the referee. */
export function usePickReferee(potId: string, config: Config<string> = {}) {
  return usePotMutation(
    async (refereeId: string) =>
      unwrap(await api.pots[':id'].referee.$put({ param: { id: potId }, json: { refereeId } })),
    config,
  );
}

/** A losing entrant disputes the declared result (optional reason). */
export function useDisputePot(potId: string, config: Config<string | null> = {}) {
  return usePotMutation(
    async (reason: string | null) =>
      unwrap(await api.pots[':id'].dispute.$post({ param: { id: potId }, json: { reason } })),
    config,
  );
}

/** An entrant's 'Keep Result' (false) or 'Overturn' (true). */
export function useVoteOnDispute(potId: string, config: Config<boolean> = {}) {
  return usePotMutation(
    async (overturn: boolean) =>
      unwrap(await api.pots[':id'].dispute.vote.$post({ param: { id: potId }, json: { overturn } })),
    config,
  );
}
