type ProfileSummaryProps = { name: string; username: string; venmoHandle: string };

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/);
  const first = parts[0]?.charAt(0) ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.charAt(0) ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

export function ProfileSummary({ name, username, venmoHandle }: ProfileSummaryProps) {
  return (
    <section aria-label="Your profile" className="flex flex-col items-center gap-2 py-4 text-center">
      <span
        aria-hidden
        className="flex size-20 items-center justify-center rounded-full bg-secondary text-2xl font-semibold text-secondary-foreground"
      >
        {initialsOf(name)}
      </span>
      <h2 className="text-xl font-semibold">{name}</h2>
      <p className="text-sm text-muted-foreground">@{username}</p>
      {venmoHandle ? (
        <p className="rounded-full bg-secondary px-3 py-1 text-xs font-medium text-secondary-foreground">
          Venmo: @{venmoHandle}
        </p>
      ) : null}
    </section>
  );
}
