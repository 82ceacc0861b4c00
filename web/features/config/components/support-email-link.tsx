import { useConfig } from '../api/get-config.ts';

/** The deployment's support address as a mailto link; plain words while it loads or if it cannot. */
export function SupportEmailLink() {
  const { data } = useConfig();
  if (!data) return <span>our support team</span>;
  return (
    <a
      href={`mailto:${data.supportEmail}`}
      className="rounded-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {data.supportEmail}
    </a>
  );
}
