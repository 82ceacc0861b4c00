import type { MailMessage } from './mail-transport.ts';
import { layoutMessage } from './mail-templates.ts';

export function betAcceptedMail(input: {
  to: string;
  creatorName: string;
  opponentName: string;
  description: string;
  amount: number;
  profileUrl: string;
}): MailMessage {
  return layoutMessage(
    input.to,
    `${input.opponentName} accepted your bet`,
    `Hi ${input.creatorName},`,
    [`${input.opponentName} accepted your $${input.amount} bet: "${input.description}".`, 'The bet is now active. May the best friend win!'],
    { label: 'See your bets', url: input.profileUrl },
  );
}
