import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import KeyIcon from '@mui/icons-material/Key';
import SettingsBackupRestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import { LinkCards, type LinkCard } from '../../app/LinkCards';
import { Screen } from '../../app/Screen';

/** The developer menu's cards (spec section 2): profile, user restore, JWT. */
export const DEVELOP_TOOLS: LinkCard[] = [
  { label: 'プロフィール', to: '/develop/profile', description: 'サインイン中のユーザー情報を表示します。', icon: AccountCircleIcon },
  {
    label: 'ユーザー復元',
    to: '/develop/user-restore',
    description: '認証基盤の薬局IDをデータベースの薬局IDに合わせます。',
    icon: SettingsBackupRestoreIcon,
  },
  { label: 'JWT', to: '/develop/jwt', description: 'アクセストークンの中身と有効期限を表示します。', icon: KeyIcon },
];

const DevelopMenuPage = () => (
  <Screen title="開発者メニュー">
    <LinkCards links={DEVELOP_TOOLS} label="開発者メニュー" />
  </Screen>
);

export default DevelopMenuPage;
