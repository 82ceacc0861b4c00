-- ADR 050: user text is NFC and holds no hidden character. Rows written before the rule are cleaned here
-- with the rule's own character classes (generated from the JavaScript engine's Unicode 17 tables: hidden =
-- Default_Ignorable_Code_Point, Cf, U+2028/U+2029, U+2800 and controls; pictographs = Extended_Pictographic),
-- keeping the joiners, selectors and tags of emoji sequences exactly where domain/text.ts allows them.
-- Line breaks, tabs and line/paragraph separators become spaces so words stay apart; the rest is dropped.
CREATE FUNCTION "sidepot_clean_text"(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  hidden CONSTANT text := '[\u0001-\u001F\u007F-\u009F\u00AD\u034F\u0600-\u0605\u061C\u06DD\u070F\u0890-\u0891\u08E2\u115F-\u1160\u17B4-\u17B5\u180B-\u180F\u200B-\u200F\u2028-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]';
  pict CONSTANT text := '^[\u00A9\u00AE\u203C\u2049\u2122\u2139\u2194-\u2199\u21A9-\u21AA\u231A-\u231B\u2328\u23CF\u23E9-\u23F3\u23F8-\u23FA\u24C2\u25AA-\u25AB\u25B6\u25C0\u25FB-\u25FE\u2600-\u2604\u260E\u2611\u2614-\u2615\u2618\u261D\u2620\u2622-\u2623\u2626\u262A\u262E-\u262F\u2638-\u263A\u2640\u2642\u2648-\u2653\u265F-\u2660\u2663\u2665-\u2666\u2668\u267B\u267E-\u267F\u2692-\u2697\u2699\u269B-\u269C\u26A0-\u26A1\u26A7\u26AA-\u26AB\u26B0-\u26B1\u26BD-\u26BE\u26C4-\u26C5\u26C8\u26CE-\u26CF\u26D1\u26D3-\u26D4\u26E9-\u26EA\u26F0-\u26F5\u26F7-\u26FA\u26FD\u2702\u2705\u2708-\u270D\u270F\u2712\u2714\u2716\u271D\u2721\u2728\u2733-\u2734\u2744\u2747\u274C\u274E\u2753-\u2755\u2757\u2763-\u2764\u2795-\u2797\u27A1\u27B0\u27BF\u2934-\u2935\u2B05-\u2B07\u2B1B-\u2B1C\u2B50\u2B55\u3030\u303D\u3297\u3299\U0001F004\U0001F02C-\U0001F02F\U0001F094-\U0001F09F\U0001F0AF-\U0001F0B0\U0001F0C0\U0001F0CF-\U0001F0D0\U0001F0F6-\U0001F0FF\U0001F170-\U0001F171\U0001F17E-\U0001F17F\U0001F18E\U0001F191-\U0001F19A\U0001F1AE-\U0001F1E5\U0001F201-\U0001F20F\U0001F21A\U0001F22F\U0001F232-\U0001F23A\U0001F23C-\U0001F23F\U0001F249-\U0001F25F\U0001F266-\U0001F321\U0001F324-\U0001F393\U0001F396-\U0001F397\U0001F399-\U0001F39B\U0001F39E-\U0001F3F0\U0001F3F3-\U0001F3F5\U0001F3F7-\U0001F3FA\U0001F400-\U0001F4FD\U0001F4FF-\U0001F53D\U0001F549-\U0001F54E\U0001F550-\U0001F567\U0001F56F-\U0001F570\U0001F573-\U0001F57A\U0001F587\U0001F58A-\U0001F58D\U0001F590\U0001F595-\U0001F596\U0001F5A4-\U0001F5A5\U0001F5A8\U0001F5B1-\U0001F5B2\U0001F5BC\U0001F5C2-\U0001F5C4\U0001F5D1-\U0001F5D3\U0001F5DC-\U0001F5DE\U0001F5E1\U0001F5E3\U0001F5E8\U0001F5EF\U0001F5F3\U0001F5FA-\U0001F64F\U0001F680-\U0001F6C5\U0001F6CB-\U0001F6D2\U0001F6D5-\U0001F6E5\U0001F6E9\U0001F6EB-\U0001F6F0\U0001F6F3-\U0001F6FF\U0001F7DA-\U0001F7FF\U0001F80C-\U0001F80F\U0001F848-\U0001F84F\U0001F85A-\U0001F85F\U0001F888-\U0001F88F\U0001F8AE-\U0001F8AF\U0001F8BC-\U0001F8BF\U0001F8C2-\U0001F8CF\U0001F8D9-\U0001F8FF\U0001F90C-\U0001F93A\U0001F93C-\U0001F945\U0001F947-\U0001F9FF\U0001FA58-\U0001FA5F\U0001FA6E-\U0001FAFF\U0001FC00-\U0001FFFD]$';
  c text[];
  n int;
  i int := 1;
  j int;
  ch text;
  cleaned text := '';
BEGIN
  IF t IS NULL THEN RETURN NULL; END IF;
  t := normalize(t, NFC);
  IF t ~ hidden THEN
    c := regexp_split_to_array(t, '');
    n := coalesce(array_length(c, 1), 0);
    WHILE i <= n LOOP
      ch := c[i];
      IF ch = E'\U0001F3F4' THEN
        -- A subdivision flag: the black flag, tag letters, then the cancel tag.
        j := i + 1;
        WHILE j <= n AND c[j] ~ '^[\U000E0020-\U000E007E]$' LOOP j := j + 1; END LOOP;
        IF j > i + 1 AND j <= n AND c[j] = E'\U000E007F' THEN
          cleaned := cleaned || array_to_string(c[i:j], '');
          i := j;
        ELSE
          cleaned := cleaned || ch;
        END IF;
      ELSIF ch ~ '^[\t\n\u000B\u000C\r\u0085\u2028\u2029]$' THEN
        cleaned := cleaned || ' ';
      ELSIF ch !~ hidden THEN
        cleaned := cleaned || ch;
      ELSIF ch = E'\u200D' AND i < n AND c[i + 1] ~ pict
        AND ((i > 1 AND c[i - 1] ~ pict)
          OR (i > 2 AND c[i - 1] ~ '^[\uFE0F\U0001F3FB-\U0001F3FF]$' AND c[i - 2] ~ pict)) THEN
        cleaned := cleaned || ch;
      ELSIF ch IN (E'\uFE0E', E'\uFE0F') AND i > 1 AND c[i - 1] ~ pict THEN
        cleaned := cleaned || ch;
      ELSIF ch = E'\uFE0F' AND i > 1 AND i < n AND c[i - 1] ~ '^[#*0-9]$' AND c[i + 1] = E'\u20E3' THEN
        cleaned := cleaned || ch;
      END IF;
      i := i + 1;
    END LOOP;
    t := cleaned;
  END IF;
  RETURN regexp_replace(t, '^[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028-\u2029\u202F\u205F\u3000\uFEFF]+|[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028-\u2029\u202F\u205F\u3000\uFEFF]+$', '', 'g');
END $$;--> statement-breakpoint
CREATE FUNCTION "sidepot_text_is_dirty"(t text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT t IS NOT NULL AND (t ~ '[\u0001-\u001F\u007F-\u009F\u00AD\u034F\u0600-\u0605\u061C\u06DD\u070F\u0890-\u0891\u08E2\u115F-\u1160\u17B4-\u17B5\u180B-\u180F\u200B-\u200F\u2028-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]' OR t IS NOT NFC NORMALIZED OR t ~ '^[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028-\u2029\u202F\u205F\u3000\uFEFF]|[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028-\u2029\u202F\u205F\u3000\uFEFF]$')
$$;--> statement-breakpoint
-- Usernames are unique (lower-cased): one whose cleaned form is not a valid username or is someone else's
-- becomes 'user_' and 12 hex digits of its id's hash. Such a username could not be typed at sign-in anyway.
DO $$
DECLARE
  r record;
  wanted text;
BEGIN
  FOR r IN SELECT "id", coalesce("display_username", "username") AS shown FROM "user"
      WHERE "sidepot_text_is_dirty"("username") OR "sidepot_text_is_dirty"("display_username") ORDER BY "created_at", "id" LOOP
    wanted := "sidepot_clean_text"(r.shown);
    IF wanted !~ '^[A-Za-z0-9_.]{3,30}$'
      OR EXISTS (SELECT 1 FROM "user" WHERE "username" = lower(wanted) AND "id" <> r."id") THEN
      wanted := 'user_' || substr(md5(r."id"), 1, 12);
    END IF;
    UPDATE "user" SET "username" = lower(wanted), "display_username" = wanted WHERE "id" = r."id";
  END LOOP;
END $$;--> statement-breakpoint
-- Names: one left empty takes the (cleaned) username, the account's other public name.
UPDATE "user" SET "name" = coalesce(nullif("sidepot_clean_text"("name"), ''), coalesce("display_username", "username"))
  WHERE "sidepot_text_is_dirty"("name");--> statement-breakpoint
-- A description left empty says so rather than breaking the bet's card.
UPDATE "bet" SET "description" = coalesce(nullif("sidepot_clean_text"("description"), ''), '(no description)')
  WHERE "sidepot_text_is_dirty"("description");--> statement-breakpoint
UPDATE "bet" SET "dispute_reason" = nullif("sidepot_clean_text"("dispute_reason"), '')
  WHERE "sidepot_text_is_dirty"("dispute_reason");--> statement-breakpoint
UPDATE "challenge" SET "description" = coalesce(nullif("sidepot_clean_text"("description"), ''), '(no description)')
  WHERE "sidepot_text_is_dirty"("description");--> statement-breakpoint
-- A comment of nothing but hidden characters said nothing: it goes (a prediction's bet keeps no comment).
DELETE FROM "comment" WHERE "sidepot_text_is_dirty"("text") AND "sidepot_clean_text"("text") = '';--> statement-breakpoint
UPDATE "comment" SET "text" = "sidepot_clean_text"("text") WHERE "sidepot_text_is_dirty"("text");--> statement-breakpoint
-- The inbox keeps a snapshot of the bet's description.
UPDATE "notification"
  SET "data" = jsonb_set("data", '{description}',
    to_jsonb(coalesce(nullif("sidepot_clean_text"("data"->>'description'), ''), '(no description)')))
  WHERE jsonb_typeof("data"->'description') = 'string' AND "sidepot_text_is_dirty"("data"->>'description');--> statement-breakpoint
DROP FUNCTION "sidepot_text_is_dirty"(text);--> statement-breakpoint
DROP FUNCTION "sidepot_clean_text"(text);
