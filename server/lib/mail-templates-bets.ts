import type { MailMessage } from './mail-transport.ts';
import { layoutMessage } from './mail-templates.ts';

export function betAcceptedMail(input: {
  to: string;
  creatorName: string;
  opponentName: string;
  description: string;
  amount: number;
  /** The bet page, the product's deep link. */
  betUrl: string;
}): MailMessage {
  return layoutMessage(
    input.to,
    `${input.opponentName} accepted your bet`,
    `Hi ${input.creatorName},`,
    [`${input.opponentName} accepted your $${input.amount} bet: "${input.description}".`, 'The bet is now active. May the best friend win!'],
    { label: 'See the bet', url: input.betUrl },
  );
}
