import type { ComponentType } from 'react';
import { LinkBase } from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import KeyIcon from '@mui/icons-material/Key';
import SettingsBackupRestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import { Screen } from '../../app/Screen';

interface ToolCard {
  label: string;
  to: string;
  description: string;
  icon: ComponentType<{ fontSize?: 'large' }>;
}

/** The developer menu's cards (spec section 2): profile, user restore, JWT. */
export const DEVELOP_TOOLS: ToolCard[] = [
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
    <Box component="nav" aria-label="開発者メニュー" sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
      {DEVELOP_TOOLS.map(({ label, to, description, icon: Icon }) => (
        <Card key={to}>
          <CardActionArea component={LinkBase} to={to} sx={{ height: '100%' }}>
            <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
              <Box sx={{ color: 'primary.main' }}>
                <Icon fontSize="large" />
              </Box>
              <Box>
                <Typography variant="h6" component="h2">
                  {label}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {description}
                </Typography>
              </Box>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  </Screen>
);

export default DevelopMenuPage;
