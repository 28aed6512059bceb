import { useEffect, useRef, useState } from 'react';
import { userApi } from '../api/user.ts';
import { errorMessage } from '../api/client.ts';
import type { Gender, User } from '../api/types.ts';
import { notify } from '../feedback.ts';
import { t } from '../i18n/index.ts';
import { storage } from '../storage.ts';
import { checkPersonInfo } from './validation.ts';

export interface ProfileFields {
  username: string;
  nickname: string;
  email: string;
  gender: Gender | '';
}

/**
 * The logged-in person's own record (user or admin): loaded once, saved with the spec's
 * personal-info checks and messages (§5, §8). `onLoaded` fills the page's form.
 */
export function useOwnProfile(onLoaded: (user: User) => void) {
  const storedName = storage.get('username') ?? '';
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  // Loaded once per page; onLoaded only fills the form (its identity may change every render).
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;

  useEffect(() => {
    userApi
      .userInfo()
      .then((info) => {
        setUser(info);
        onLoadedRef.current(info);
      })
      .catch(() => notify.error(t('person.loadFailed', { name: storedName })))
      .finally(() => setLoading(false));
  }, [storedName]);

  /**
   * Saves the fields (and a new password when one is given); a new password or e-mail needs the
   * current password (the server checks it). True when saved.
   */
  const save = async (raw: Partial<ProfileFields>, password = '', currentPassword = ''): Promise<boolean> => {
    if (!user) return false;
    const fields = {
      username: (raw.username ?? '').trim(),
      nickname: (raw.nickname ?? '').trim(),
      email: (raw.email ?? '').trim(),
      gender: raw.gender ?? '',
    };
    const problem = checkPersonInfo(fields);
    if (problem) {
      notify.error(problem);
      return false;
    }
    setSaving(true);
    try {
      const gender = fields.gender as Gender;
      await userApi.updateMyUser({ userID: user.id, ...fields, gender, password, ...(currentPassword ? { currentPassword } : {}) });
      storage.set('username', fields.username);
      setUser({ ...user, ...fields, gender });
      notify.success(t('person.saved'));
      return true;
    } catch (err) {
      notify.error(t('person.saveFailed', { name: user.username, message: errorMessage(err) }));
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { user, loading, saving, save, storedName };
}
