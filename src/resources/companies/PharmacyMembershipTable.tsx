import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/dates';

export interface PharmacyRow {
  id: number;
  name: string;
  micode?: string | null;
  address1?: string | null;
  createdAt?: Date | string | null;
}

/** Pharmacies with their membership status and the one action that changes it. */
export const PharmacyMembershipTable = ({
  rows,
  member,
  action,
  label,
}: {
  rows: PharmacyRow[];
  member: boolean;
  action: (row: PharmacyRow) => ReactNode;
  label: string;
}) => (
  <Table size="small" aria-label={label}>
    <TableHead>
      <TableRow>
        <TableCell>ID</TableCell>
        <TableCell>薬局名</TableCell>
        <TableCell>薬局コード</TableCell>
        <TableCell>都道府県</TableCell>
        <TableCell>作成日</TableCell>
        <TableCell>状態</TableCell>
        <TableCell>操作</TableCell>
      </TableRow>
    </TableHead>
    <TableBody>
      {rows.map((row) => (
        <TableRow key={row.id} hover>
          <TableCell>{row.id}</TableCell>
          <TableCell>{row.name}</TableCell>
          <TableCell>{row.micode}</TableCell>
          <TableCell>{row.address1}</TableCell>
          <TableCell>{row.createdAt ? formatDate(row.createdAt) : ''}</TableCell>
          <TableCell>{member && <Chip size="small" color="success" label="所属中" />}</TableCell>
          <TableCell>{action(row)}</TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);
