import { ErrorCode } from '../../shared/error-codes.js';
import { messages } from '../../shared/messages.js';

/** Typed errors that services throw; the error handler turns them into the API's error body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    /** Always one of the shared catalogue, so the web can react to it by its constant. */
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly details?: Record<string, unknown>[],
  ) {
    super(message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = messages.errors.notFound) {
    super(404, ErrorCode.NOT_FOUND, message);
  }
}

export class ConflictError extends AppError {
  constructor(
    message: string,
    code: ErrorCode = ErrorCode.CONFLICT,
    fields?: Record<string, string>,
  ) {
    super(409, code, message, fields);
  }
}

export class StaleVersionError extends ConflictError {
  constructor() {
    super(messages.errors.staleVersion, ErrorCode.STALE_VERSION);
  }
}

/** A rule of the domain (422): a code from the shared catalogue, and `details` when the user needs a list. */
export interface BusinessRule {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
  details?: Record<string, unknown>[];
}

export class BusinessRuleError extends AppError {
  constructor(message: string, fields?: Record<string, string>);
  constructor(rule: BusinessRule);
  constructor(rule: string | BusinessRule, fields?: Record<string, string>) {
    const given: BusinessRule =
      typeof rule === 'string' ? { code: ErrorCode.BUSINESS_RULE, message: rule, fields } : rule;
    super(422, given.code, given.message, given.fields, given.details);
  }
}

export class ValidationError extends AppError {
  constructor(fields: Record<string, string>, message: string = messages.errors.badRequest) {
    super(400, ErrorCode.VALIDATION, message, fields);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string = messages.errors.unauthorized) {
    super(401, ErrorCode.UNAUTHORIZED, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = messages.errors.forbidden, code: ErrorCode = ErrorCode.FORBIDDEN) {
    super(403, code, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string = messages.errors.tooManyAttempts) {
    super(429, ErrorCode.TOO_MANY_REQUESTS, message);
  }
}
