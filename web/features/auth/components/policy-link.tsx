import { TextLink } from '#web/components/ui/text-link.tsx';

export function PolicyLink() {
  return (
    <TextLink to="/sms-opt-in-policy" tone="muted">
      Text Verification & Opt-In Policy
    </TextLink>
  );
}
