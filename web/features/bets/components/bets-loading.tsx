import { Spinner } from '#web/components/ui/spinner.tsx';

/** The profile's bet lists while they load: their data, or their code (web/app/routes/profile.tsx). */
export function BetsLoading() {
  return (
    <div className="flex justify-center rounded-xl border bg-card py-10" aria-busy>
      <Spinner label="Loading bets" />
    </div>
  );
}
