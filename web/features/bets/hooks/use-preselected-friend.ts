import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '#web/lib/router/router.tsx';
import { readPlaceBetFriendId } from '../utils/place-bet-navigation.ts';

/**
 * The chosen friend, starting from one passed in navigation state, else from
 * `fallback` (the draft's). The state is applied once and then cleared, so a
 * reload or going back to this entry does not choose that friend again over
 * the user's own choice.
 */
export function usePreselectedFriend(
  fallback: string | null = null,
): [string | null, (friendId: string | null) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const passed = readPlaceBetFriendId(location.state);
  const [friendId, setFriendId] = useState(passed ?? fallback);
  const [appliedKey, setAppliedKey] = useState(location.key);

  // Arriving again while already on this screen (a new history entry): adopt its friend.
  if (passed && appliedKey !== location.key) {
    setAppliedKey(location.key);
    setFriendId(passed);
  }

  useEffect(() => {
    if (passed) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [passed, location.pathname, location.search, navigate]);

  return [friendId, setFriendId];
}
