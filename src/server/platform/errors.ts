import { messages } from '../../shared/messages.js';

/** Typed errors that services throw; the error handler turns them into the API's error body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = messages.errors.notFound) {
    super(404, 'NOT_FOUND', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 'CONFLICT', fields?: Record<string, string>) {
    super(409, code, message, fields);
  }
}

export class StaleVersionError extends ConflictError {
  constructor() {
    super(messages.errors.staleVersion, 'STALE_VERSION');
  }
}

export class BusinessRuleError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(422, 'BUSINESS_RULE', message, fields);
  }
}

export class ValidationError extends AppError {
  constructor(fields: Record<string, string>, message: string = messages.errors.badRequest) {
    super(400, 'VALIDATION', message, fields);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string = messages.errors.unauthorized) {
    super(401, 'UNAUTHORIZED', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = messages.errors.forbidden, code = 'FORBIDDEN') {
    super(403, code, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string = messages.errors.tooManyAttempts) {
    super(429, 'TOO_MANY_REQUESTS', message);
  }
}
