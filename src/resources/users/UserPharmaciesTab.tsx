import { LinkBase, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { specPath } from '../../lib/specPaths';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';
import { PERMISSION_LABELS, type Permission } from '../pharmacyUsers/permissions';

interface UserPharmacy {
  id: number;
  name: string;
  micode: string;
  address1: string;
  permission: Permission;
}

/**
 * The user's pharmacies with the permission on each (read from the user's detail). Changes are
 * made on the pharmacy's ユーザー tab, which the name links to.
 */
const UserPharmaciesTab = () => {
  const record = useRecordContext<{ id: number; role?: string; pharmacies?: UserPharmacy[] }>();
  const pharmacies = useResourceDeclaration('v2/core/pharmacies');
  if (!record) return null;
  const rows = record.pharmacies ?? [];
  if (record.role === 'admin') return <Typography sx={{ p: 2 }}>管理ユーザーは薬局に所属しません。</Typography>;
  if (rows.length === 0) return <Typography sx={{ p: 2 }}>所属している薬局はありません</Typography>;
  return (
    <Box sx={{ px: 2, pb: 2, overflowX: 'auto' }}>
      <Table size="small" aria-label="所属薬局">
        <TableHead>
          <TableRow>
            <TableCell>ID</TableCell>
            <TableCell>{pharmacies.fields.name.label}</TableCell>
            <TableCell>{pharmacies.fields.micode.label}</TableCell>
            <TableCell>{pharmacies.fields.address1.label}</TableCell>
            <TableCell>権限</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((pharmacy) => (
            <TableRow key={pharmacy.id}>
              <TableCell>{pharmacy.id}</TableCell>
              <TableCell>
                <Link component={LinkBase} to={specPath.show(pharmacies.name, pharmacy.id, 'users')}>
                  {pharmacy.name}
                </Link>
              </TableCell>
              <TableCell>{pharmacy.micode}</TableCell>
              <TableCell>{pharmacy.address1}</TableCell>
              <TableCell>
                <Chip size="small" color={pharmacy.permission === 'write' ? 'primary' : 'default'} label={PERMISSION_LABELS[pharmacy.permission]} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

export default UserPharmaciesTab;
