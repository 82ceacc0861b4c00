import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx';
import { TextLink } from '../../components/ui/text-link.tsx';
import { PolicyLink } from '../../features/auth/components/policy-link.tsx';
import { SignUpForm } from '../../features/auth/components/sign-up-form.tsx';

export function Component() {
  return (
    <AuthLayout title="Join">
      <Card>
        <CardHeader className="text-center">
          <CardTitle asChild>
            <h1>Join</h1>
          </CardTitle>
          <CardDescription>Make friendly bets with your friends.</CardDescription>
        </CardHeader>
        <CardContent>
          <SignUpForm />
        </CardContent>
        <CardFooter className="flex-col gap-3">
          <TextLink to="/login">Already have an account? Sign in</TextLink>
          <PolicyLink />
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
