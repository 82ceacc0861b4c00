import { ArrowLeft } from 'lucide-react';
import { useLocation, useNavigate } from '#web/lib/router/router.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { SupportEmailLink } from '#web/features/config/components/support-email-link.tsx';
import { DocumentTitle } from '#web/components/layouts/document-title.tsx';

export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  // 'default' marks the app's first entry in this tab. The page before it may still be ours: a link on a
  // prerendered screen followed before the app had started is a full page load (ADR 047).
  const canGoBack =
    location.key !== 'default' ||
    (window.history.length > 1 && document.referrer.startsWith(`${window.location.origin}/`));
  const goBack = () => (canGoBack ? navigate(-1) : navigate('/'));

  return (
    <main id="main" tabIndex={-1} className="outline-none mx-auto w-full max-w-md px-4 py-6">
      <DocumentTitle title="Text Verification & Opt-In Policy" />
      <Button variant="ghost" className="-ml-3 mb-4" onClick={goBack}>
        <ArrowLeft aria-hidden />
        Back
      </Button>
      <Card>
        <CardContent className="grid gap-4 px-6 text-sm leading-relaxed">
          <h1 className="text-xl font-semibold">Text Verification & Opt-In Policy</h1>
          <p>
            Sidepot uses SMS only to verify your identity with a one-time code at sign-up and for future
            secure login.
          </p>
          <ul className="grid list-disc gap-2 pl-5">
            <li>There are no marketing texts.</li>
            <li>Message frequency: only at sign-up or login.</li>
            <li>Message and data rates may apply.</li>
            <li>
              Opt out by contacting support at <SupportEmailLink />.
            </li>
          </ul>
          <p>This policy complies with telecom carrier messaging rules.</p>
          <p className="text-muted-foreground">Effective date: July 26, 2025</p>
        </CardContent>
      </Card>
    </main>
  );
}
