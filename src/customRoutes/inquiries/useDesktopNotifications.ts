import { useCallback, useMemo, useState } from 'react';
import { useGetIdentity } from 'react-admin';
import { useRuntime } from '../../app/RuntimeContext';
import { browserStorage } from '../../lib/memoryStorage';
import type { RoomNotification } from './roomNotification';

export const NOTIFICATIONS_REFUSED = 'ブラウザが通知を許可していません。ブラウザのサイト設定で通知を許可してから、もう一度オンにしてください。';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/**
 * Desktop notifications for new inquiry messages, off until the agent turns them on: only then
 * does the browser ask for permission (never on page load). The choice is kept per environment
 * and user, and holds only while the browser still grants permission.
 */
export function useDesktopNotifications() {
  const { environment } = useRuntime();
  const { identity } = useGetIdentity();
  const key = identity?.id === undefined ? undefined : ['cs-portal.notify', environment.key, String(identity.id)].map(encodeURIComponent).join(':');
  // Read once per user, not on every render: the layout's provider renders on every navigation,
  // and Notification.permission asks the browser process synchronously (~10 ms of a list's click
  // under load, h38w's profile). A permission taken back later is still honoured: notify asks again.
  const stored = useMemo(() => key !== undefined && supported() && Notification.permission === 'granted' && browserStorage().getItem(key) === 'on', [key]);
  const [choice, setChoice] = useState<boolean>();
  const [problem, setProblem] = useState<string>();
  const enabled = choice ?? stored;

  const toggle = useCallback(async () => {
    if (!key || !supported()) return;
    setProblem(undefined);
    if (enabled) {
      browserStorage().removeItem(key);
      setChoice(false);
      return;
    }
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (permission !== 'granted') {
      setProblem(NOTIFICATIONS_REFUSED);
      return;
    }
    browserStorage().setItem(key, 'on');
    setChoice(true);
  }, [enabled, key]);

  const notify = useCallback(
    (notification: RoomNotification, onOpen: () => void) => {
      if (!enabled || !supported() || Notification.permission !== 'granted') return;
      const shown = new Notification(notification.title, { body: notification.body, tag: notification.tag });
      shown.onclick = () => {
        window.focus();
        onOpen();
        shown.close();
      };
    },
    [enabled],
  );

  const dismissProblem = useCallback(() => setProblem(undefined), []);
  // One object while nothing changed: the shell's provider hands it to every screen.
  return useMemo(() => ({ supported: supported(), enabled, problem, dismissProblem, toggle, notify }), [enabled, problem, dismissProblem, toggle, notify]);
}
