import { Col, Form, Row, Typography } from 'antd';
import { useState } from 'react';
import type { PasswordChangeInput, ProfileInput } from '../../../shared/resources/account.js';
import { useFormDirty } from '../../components/use-form-dirty.js';
import { useUnsavedChangesPrompt } from '../../components/use-unsaved-changes-prompt.js';
import { useSession } from '../../lib/session.js';
import { emptyPasswordChange, PasswordForm } from './password-form.js';
import { ProfileForm } from './profile-form.js';

/** /account, "Minha conta" (DOMAIN §11): the user's name and password. */
export function AccountPage() {
  const { user } = useSession();
  const [profileForm] = Form.useForm<ProfileInput>();
  const [passwordForm] = Form.useForm<PasswordChangeInput>();
  const [savedProfile, setSavedProfile] = useState<ProfileInput>({ name: user?.name ?? '' });
  const profileDirty = useFormDirty(profileForm, savedProfile);
  const passwordDirty = useFormDirty(passwordForm, emptyPasswordChange);
  // One question for the page: the router holds a single blocker at a time.
  useUnsavedChangesPrompt(profileDirty || passwordDirty);

  if (!user) return null; // RequireAuth lets no one here without a session

  return (
    <>
      <Typography.Title level={2}>Minha conta</Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <ProfileForm
            form={profileForm}
            user={user}
            saved={savedProfile}
            onSaved={setSavedProfile}
          />
        </Col>
        <Col xs={24} lg={12}>
          <PasswordForm form={passwordForm} />
        </Col>
      </Row>
    </>
  );
}
