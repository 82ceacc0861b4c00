import { z } from 'zod';
import {
  isValidCashtag,
  isValidPaypalMe,
  normalizeCashtag,
  normalizePaypalMe,
  payAppMessages,
} from './pay-link.ts';
import { payerRecordSchema, userStatsSchema } from './stats.ts';
import { hasForbiddenCharacters, isBlank, normalizeText, textMessages } from './text.ts';
import {
  accountFieldLabels,
  accountMessages,
  digitsOnly,
  NAME_MAX_LENGTH,
  normalizeVenmoHandle,
  PHONE_DIGITS,
  refineWith,
  USERNAME_PATTERN,
  VENMO_HANDLE_PATTERN,
  type RuleFailure,
} from './users.ts';

// The zod-free rules live in profile-rules.ts (the profile page loads them without zod).
export * from './profile-rules.ts';
export const SEARCH_LIMIT = 10;

/** Another user as lists show them: never their email or phone. */
export const userSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  image: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const myProfileSchema = userSummarySchema.extend({
  email: z.string(),
  phone: z.string(),
  venmoHandle: z.string(),
  /** Without '$'; null: none (ADR 056). */
  cashtag: z.string().nullable(),
  paypalMe: z.string().nullable(),
  createdAt: z.string(),
});
export type MyProfile = z.infer<typeof myProfileSchema>;

/**
 * What the payer of a lost bet or a settle-up may pay the payee with; answered only to that payer
 * (ADR 056). An empty Venmo handle and null cashtag / PayPal.me mean none.
 */
export const payeeAppsSchema = z.object({
  venmoHandle: z.string(),
  cashtag: z.string().nullable(),
  paypalMe: z.string().nullable(),
});

// ---------------------------------------------------------------- edit profile

export type EditProfileFields = { name: string; username: string; phone: string; venmoHandle: string };
/** The optional payment apps beside the Venmo handle: blank (or absent) is none. */
export type PayAppFields = { cashtag?: string | null; paypalMe?: string | null };

export const editProfileMessages = {
  missing: { title: 'Missing Information', message: 'Please fill in all fields.' },
} as const;

export function checkEditProfile(input: EditProfileFields): RuleFailure<keyof EditProfileFields> | null {
  const required = ['name', 'username', 'phone', 'venmoHandle'] as const;
  const missing = required.find((field) => isBlank(input[field]));
  if (missing) return { field: missing, ...editProfileMessages.missing };
  const garbled = required.find((field) => hasForbiddenCharacters(input[field]));
  if (garbled) return { field: garbled, ...textMessages.invalidCharacters(accountFieldLabels[garbled]) };
  if (digitsOnly(input.phone).length !== PHONE_DIGITS)
    return { field: 'phone', ...accountMessages.invalidPhone };
  if (!USERNAME_PATTERN.test(input.username.trim()))
    return { field: 'username', ...accountMessages.invalidUsername };
  if (!VENMO_HANDLE_PATTERN.test(input.venmoHandle.trim()))
    return { field: 'venmoHandle', ...accountMessages.invalidVenmoHandle };
  if (normalizeText(input.name).length > NAME_MAX_LENGTH)
    return { field: 'name', ...accountMessages.nameTooLong };
  return null;
}

/**
 * Every pay-app field that breaks its rule, each with its own message: unlike the required fields (the
 * first failure, in the spec's order), both optional fields can show their error at once.
 */
export function checkPayApps(input: PayAppFields): RuleFailure<keyof PayAppFields>[] {
  const failures: RuleFailure<keyof PayAppFields>[] = [];
  if (!isValidCashtag(input.cashtag)) failures.push({ field: 'cashtag', ...payAppMessages.invalidCashtag });
  if (!isValidPaypalMe(input.paypalMe))
    failures.push({ field: 'paypalMe', ...payAppMessages.invalidPaypalMe });
  return failures;
}

export const editProfileFormSchema = z
  .object({
    name: z.string(),
    username: z.string(),
    phone: z.string(),
    venmoHandle: z.string(),
    // Optional so that a client that predates them keeps what is stored (absent: unchanged).
    cashtag: z.string().nullable().optional(),
    paypalMe: z.string().nullable().optional(),
  })
  .superRefine(refineWith(checkEditProfile))
  .superRefine((value, ctx) => {
    for (const failure of checkPayApps(value)) refineWith(() => failure)(value, ctx);
  });
export type EditProfileFormValues = z.input<typeof editProfileFormSchema>;

export const updateProfileInputSchema = editProfileFormSchema.transform((value) => ({
  name: normalizeText(value.name),
  username: normalizeText(value.username),
  phone: digitsOnly(value.phone),
  venmoHandle: normalizeVenmoHandle(value.venmoHandle),
  cashtag: value.cashtag === undefined ? undefined : normalizeCashtag(value.cashtag),
  paypalMe: value.paypalMe === undefined ? undefined : normalizePaypalMe(value.paypalMe),
}));
export type UpdateProfileInput = z.output<typeof updateProfileInputSchema>;

// ---------------------------------------------------------------- screens

/** GET /api/profile: everything the /profile screen shows, in one round trip. */
export const profileScreenSchema = z.object({
  profile: myProfileSchema,
  stats: userStatsSchema,
  payerRecord: payerRecordSchema,
  friends: z.object({ items: z.array(userSummarySchema), total: z.number().int() }),
  pendingRequestCount: z.number().int(),
});
export type ProfileScreen = z.infer<typeof profileScreenSchema>;

export const relationshipSchema = z.enum(['self', 'friend', 'request_sent', 'request_received', 'none']);
export type Relationship = z.infer<typeof relationshipSchema>;

export const betStatusSchema = z.enum(['pending', 'active', 'completed']);
export type BetStatus = z.infer<typeof betStatusSchema>;

export const cardBetSchema = z.object({
  id: z.string(),
  creator: userSummarySchema,
  opponent: userSummarySchema,
  description: z.string(),
  amount: z.number().int(),
  /** What each side risks (ADR 062): the list shows '$20 vs $10' for odds, as the bet's card does. */
  creatorStake: z.number().int(),
  opponentStake: z.number().int(),
  status: betStatusSchema,
  winnerId: z.string().nullable(),
  createdAt: z.string(),
});
export type CardBet = z.infer<typeof cardBetSchema>;

/** GET /api/users/:id: the user profile dialog. Friends-only parts are absent for others. */
export const userCardSchema = z.object({
  user: userSummarySchema.extend({ joinedAt: z.string() }),
  relationship: relationshipSchema,
  /** The pending request between the two, when there is one. */
  requestId: z.string().nullable(),
  stats: userStatsSchema.optional(),
  payerRecord: payerRecordSchema.optional(),
  friends: z
    .object({
      items: z.array(userSummarySchema.extend({ relationship: relationshipSchema })),
      total: z.number().int(),
    })
    .optional(),
  recentBets: z.object({ items: z.array(cardBetSchema), total: z.number().int() }).optional(),
});
export type UserCard = z.infer<typeof userCardSchema>;
