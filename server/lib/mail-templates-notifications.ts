import { categoryLabels, type NotificationCategory } from '#domain/notification-preferences.ts';
import { formatDollars } from '#domain/money.ts';
import { snapshotStakes, type NotificationData, type NotificationType } from '#domain/notifications.ts';
import { layoutMessage, type MailAction } from './mail-templates.ts';
import type { MailMessage } from './mail-transport.ts';
import { inertUserText } from './mail-user-text.ts';

/** The types that may be mailed (see deliveryOf in domain/notification-preferences.ts). */
export type MailedNotification = {
  type: NotificationType;
  category: NotificationCategory;
  to: string;
  recipientName: string;
  /** The actor's display name. */
  actorName: string;
  betId: string | null;
  data: NotificationData;
  /** Events of this category held back since the last mail (the throttle), summed up here. */
  heldBack: number;
};

export type NotificationMailLinks = {
  publicUrl: string;
  /** The signed token of this recipient and category (server/lib/unsubscribe-token.ts). */
  unsubscribeToken: string;
};

function content(
  mail: MailedNotification,
  betUrl: string | null,
  activityUrl: string,
  potUrl: string | null,
  groupUrl: string | null,
): { subject: string; paragraphs: string[]; action: MailAction } {
  // Names and descriptions are the users' own words: never a link in our mail (ADR 050).
  const actor = inertUserText(mail.actorName);
  const description = mail.data.description === undefined ? 'a bet' : inertUserText(mail.data.description);
  const amount = formatDollars(mail.data.amount ?? 0);
  // An open bet's lines name both stakes of an uneven bet, the creator's first ('$20 vs $10', ADR 066).
  const stakes = snapshotStakes(mail.data);
  const seeBet: MailAction = betUrl ? { label: 'See the bet', url: betUrl } : { label: 'Open Sidepot', url: activityUrl };
  switch (mail.type) {
    case 'bet_placed':
      return {
        subject: `${actor} challenged you to a ${stakes} bet`,
        paragraphs: [`${actor} challenged you to a ${stakes} bet: "${description}".`, 'Accept or decline it in Sidepot.'],
        action: seeBet,
      };
    case 'bet_countered':
      return {
        subject: `${actor} countered your bet`,
        paragraphs: [`${actor} proposed other stakes for "${description}".`, 'Accept, decline or counter it in Sidepot.'],
        action: seeBet,
      };
    case 'friend_request_received':
      return {
        subject: `${actor} sent you a friend request`,
        paragraphs: [`${actor} wants to be friends on Sidepot, so you can bet with each other.`],
        action: { label: 'See the request', url: activityUrl },
      };
    case 'bet_accepted':
      return {
        subject: `${actor} accepted your bet`,
        paragraphs: [`${actor} accepted your ${stakes} bet: "${description}".`, 'The bet is now active. May the best friend win!'],
        action: seeBet,
      };
    case 'challenge_taken':
      return {
        subject: `${actor} took your challenge`,
        paragraphs: [`${actor} took your ${stakes} challenge: "${description}".`, 'The bet is now active. May the best friend win!'],
        action: seeBet,
      };
    case 'void_requested':
      return {
        subject: `${actor} asked to void your bet`,
        paragraphs: [`${actor} asked to void the ${stakes} bet "${description}".`, 'If you agree, void it too and it is deleted for good.'],
        action: seeBet,
      };
    case 'payment_marked':
      return {
        subject: `${actor} marked ${amount} as paid`,
        paragraphs: [`${actor} marked the ${amount} for "${description}" as paid.`, 'Check your Venmo, then confirm the payment in Sidepot.'],
        action: seeBet,
      };
    case 'payment_reminder':
      return {
        subject: `${actor} reminded you about ${amount}`,
        paragraphs: [`${actor} reminded you about the ${amount} you owe for "${description}".`, 'Pay through Venmo, then mark it paid in Sidepot.'],
        action: seeBet,
      };
    case 'payment_reminder_auto':
      return {
        subject: `Reminder: you owe ${actor} ${amount}`,
        paragraphs: [`You still owe ${actor} ${amount} for "${description}".`, 'Pay through Venmo, then mark it paid in Sidepot.'],
        action: seeBet,
      };
    case 'balance_reminder':
      return {
        subject: `${actor} reminded you about ${amount}`,
        paragraphs: [`${actor} reminded you that you owe them ${amount} across your bets.`, 'Settle up with one Venmo payment from your balance with them in Sidepot.'],
        action: { label: 'Open Sidepot', url: activityUrl },
      };
    case 'comment_added':
      return {
        subject: `${actor} commented on your bet`,
        paragraphs: [`${actor} commented on "${description}".`],
        action: seeBet,
      };
    case 'pot_invited':
    case 'pot_referee_asked':
    case 'pot_decided':
    case 'pot_payment_marked':
    case 'pot_referee_declined':
    case 'pot_disputed':
    case 'pot_comment_added': {
      const question = mail.data.description === undefined ? 'a pot' : inertUserText(mail.data.description);
      const subjects = {
        pot_invited: `${actor} invited you to a pot`,
        pot_referee_asked: `${actor} asked you to referee a pot`,
        pot_decided: `The result is in: ${question}`,
        pot_payment_marked: `${actor} marked ${amount} as paid for a pot`,
        pot_referee_declined: `${actor} declined to referee your pot`,
        pot_disputed: `${actor} disputed a pot's result: vote now`,
        pot_comment_added: `${actor} commented on a pot`,
      } as const;
      return { subject: subjects[mail.type], paragraphs: [`"${question}"`], action: potUrl ? { label: 'See the pot', url: potUrl } : { label: 'Open Sidepot', url: activityUrl } };
    }
    case 'bet_referee_asked':
      return {
        subject: `${actor} asked you to referee a bet`,
        paragraphs: [`${actor} asked you to referee the ${stakes} bet "${description}".`, "Press 'Accept Referee' or 'Decline Referee' in Sidepot."],
        action: seeBet,
      };
    case 'bet_referee_declined':
      return {
        subject: `${actor} declined to referee your bet`,
        paragraphs: [`${actor} will not referee "${description}".`, 'Pick another referee or remove the role in Sidepot.'],
        action: seeBet,
      };
    case 'bet_referee_decided':
      return {
        subject: `${actor} decided your bet`,
        paragraphs: [`${actor}, the referee, decided "${description}".`],
        action: seeBet,
      };
    case 'group_added':
    case 'group_removed':
    case 'group_pot_started':
    case 'group_payment_marked':
    case 'group_settle_started':
      return groupContent(mail, actor, { activityUrl, potUrl, groupUrl });
    default:
      return { subject: 'News from Sidepot', paragraphs: ['Something in Sidepot waits for you.'], action: { label: 'Open Sidepot', url: activityUrl } };
  }
}

/** The 'Groups' mails (ADR 065): the group's name and a pot's question are users' words, inert as the rest. */
function groupContent(
  mail: MailedNotification,
  actor: string,
  urls: { activityUrl: string; potUrl: string | null; groupUrl: string | null },
): { subject: string; paragraphs: string[]; action: MailAction } {
  const group = mail.data.groupName === undefined ? 'a group' : inertUserText(mail.data.groupName);
  const open: MailAction = { label: 'Open Sidepot', url: urls.activityUrl };
  switch (mail.type) {
    case 'group_added':
      return {
        subject: `${actor} added you to a group`,
        paragraphs: [`${actor} added you to "${group}" on Sidepot.`, "Its pots, leaderboard and balances are on the group's page."],
        action: urls.groupUrl ? { label: 'See the group', url: urls.groupUrl } : open,
      };
    case 'group_payment_marked':
      return {
        subject: `${actor} marked ${formatDollars(mail.data.amount ?? 0)} as paid in ${group}`,
        paragraphs: [
          `${actor} marked ${formatDollars(mail.data.amount ?? 0)} to you as paid, settling up "${group}".`,
          "Once it reaches you, confirm it on the group's Balances tab.",
        ],
        action: urls.groupUrl ? { label: 'See the group', url: urls.groupUrl } : open,
      };
    case 'group_settle_started':
      return {
        subject: `Settle up in ${group}: you pay ${formatDollars(mail.data.amount ?? 0)}`,
        paragraphs: [
          `${actor} started settling up "${group}" with the fewest payments.`,
          `Your part: ${formatDollars(mail.data.amount ?? 0)}. The group's Balances tab has the pay links and 'Mark Paid'.`,
        ],
        action: urls.groupUrl ? { label: 'See the group', url: urls.groupUrl } : open,
      };
    case 'group_removed':
      return {
        subject: `${actor} removed you from a group`,
        paragraphs: [`${actor} removed you from "${group}" on Sidepot.`, 'Pots you entered or were invited to stay open to you.'],
        action: open,
      };
    default: {
      const question = mail.data.description === undefined ? 'a pot' : inertUserText(mail.data.description);
      return {
        subject: `${actor} started a pot in ${group}`,
        paragraphs: [`"${question}"`, `${formatDollars(mail.data.amount ?? 0)} to enter. Every member of "${group}" may join.`],
        action: urls.potUrl ? { label: 'See the pot', url: urls.potUrl } : open,
      };
    }
  }
}

/**
 * One notification mail: plain text and HTML, one button to the bet page (or
 * /activity), a visible 'Unsubscribe' link to a page that needs no sign-in,
 * and the RFC 8058 one-click headers for the same category.
 */
export function notificationMail(mail: MailedNotification, links: NotificationMailLinks): MailMessage {
  const { publicUrl, unsubscribeToken } = links;
  const token = encodeURIComponent(unsubscribeToken);
  const betUrl = mail.betId ? `${publicUrl}/bets/${mail.betId}` : null;
  const potUrl = mail.data.potId ? `${publicUrl}/pots/${encodeURIComponent(mail.data.potId)}` : null;
  const groupUrl = mail.data.groupId ? `${publicUrl}/groups/${encodeURIComponent(mail.data.groupId)}` : null;
  const { subject, paragraphs, action } = content(mail, betUrl, `${publicUrl}/activity`, potUrl, groupUrl);
  const more = mail.heldBack > 0 ? [`…and ${mail.heldBack} more since our last email. See them all in your Sidepot activity.`] : [];
  const message = layoutMessage(
    mail.to,
    mail.heldBack > 0 ? `${subject} (and ${mail.heldBack} more)` : subject,
    `Hi ${inertUserText(mail.recipientName)},`,
    [...paragraphs, ...more],
    action,
    {
      reason: `You get this email because '${categoryLabels[mail.category]}' email is on in your Sidepot settings.`,
      unsubscribeUrl: `${publicUrl}/unsubscribe?token=${token}`,
    },
  );
  return {
    ...message,
    headers: unsubscribeHeaders(publicUrl, token),
  };
}

/** What the throttle held back when no next mail came to sum it up: one mail, pointing at the inbox. */
export function heldNotificationsMail(
  input: { to: string; recipientName: string; category: NotificationCategory; count: number },
  links: NotificationMailLinks,
): MailMessage {
  const label = categoryLabels[input.category];
  const token = encodeURIComponent(links.unsubscribeToken);
  const message = layoutMessage(
    input.to,
    `${input.count} more in ${label} on Sidepot`,
    `Hi ${inertUserText(input.recipientName)},`,
    [`${label}: ${input.count} more since our last email.`, 'See them all in your Sidepot activity.'],
    { label: 'Open Sidepot', url: `${links.publicUrl}/activity` },
    {
      reason: `You get this email because '${label}' email is on in your Sidepot settings.`,
      unsubscribeUrl: `${links.publicUrl}/unsubscribe?token=${token}`,
    },
  );
  return { ...message, headers: unsubscribeHeaders(links.publicUrl, token) };
}

function unsubscribeHeaders(publicUrl: string, encodedToken: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${publicUrl}/api/unsubscribe?token=${encodedToken}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
