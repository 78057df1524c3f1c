import { useState, type FormEvent } from 'react';
import { LinkBase, Title } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MASTER_SOURCE_LINKS, codeRoute, type CodeKind } from '../../lib/masterSourceLinks';

/** Opens a code's detail: HOT codes are 9 or 13 digits, receipt codes 9 (checked before leaving the page). */
const CodeLookup = ({ kind, label }: { kind: CodeKind; label: string }) => {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const route = codeRoute(kind, code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (route) navigate(route);
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        size="small"
        label={label}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={code !== '' && !route}
        helperText={code !== '' && !route ? (kind === 'hot_codes' ? '9桁か13桁の数字で入力してください' : '9桁の数字で入力してください') : ' '}
      />
      <Button type="submit" variant="outlined" disabled={!route}>
        開く
      </Button>
    </Box>
  );
};

/** The master sources' index (spec section 2): a code lookup and the links to every list. */
const MasterSourcesIndex = () => (
  <Card sx={{ mt: 2 }}>
    <Title title="外部マスタデータ" />
    <CardContent sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <CodeLookup kind="hot_codes" label="HOTコード" />
        <CodeLookup kind="receipt_codes" label="レセプト電算コード" />
      </Box>
      <Typography variant="h6" component="h2">
        一覧
      </Typography>
      <List dense aria-label="外部マスタデータの一覧">
        {MASTER_SOURCE_LINKS.map(({ label, to }) => (
          <ListItem key={to}>
            <Link component={LinkBase} to={to}>
              {label}
            </Link>
          </ListItem>
        ))}
      </List>
    </CardContent>
  </Card>
);

export default MasterSourcesIndex;
