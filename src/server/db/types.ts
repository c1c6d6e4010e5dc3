import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Tables as Kysely sees them, camelCase (CamelCasePlugin maps to snake_case in SQL). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface Bookkeeping {
  createdAt: Timestamp;
  updatedAt: Timestamp;
  createdBy: number | null;
  updatedBy: number | null;
  version: Generated<number>;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface RolesTable extends Bookkeeping {
  id: Generated<number>;
  name: string;
  description: string | null;
  permissions: string[];
  isSystem: Generated<boolean>;
  active: Generated<boolean>;
}

export interface UsersTable extends Bookkeeping {
  id: Generated<number>;
  name: string;
  email: string;
  passwordHash: string;
  roleId: number;
  active: Generated<boolean>;
  lastLoginAt: Date | null;
}

export interface AddressJson {
  zipCode: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
}

export interface CompanyTable extends Bookkeeping {
  id: number;
  legalName: string;
  tradeName: string | null;
  cnpj: string | null;
  stateRegistration: string | null;
  address: ColumnType<AddressJson, string, string>;
  phones: ColumnType<(string | null)[], string, string>;
  email: string | null;
  openingHours: string | null;
  stateCode: string | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  userId: number | null;
  entity: string;
  entityId: string;
  action: string;
  changes: ColumnType<Record<string, { from: unknown; to: unknown }>, string, string>;
  requestId: string | null;
}

export interface LoginFailuresTable {
  id: Generated<string>;
  key: string;
  at: Generated<Date>;
}

export interface Database {
  settings: SettingsTable;
  roles: RolesTable;
  users: UsersTable;
  company: CompanyTable;
  auditLog: AuditLogTable;
  loginFailures: LoginFailuresTable;
}

export type Role = Selectable<RolesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
