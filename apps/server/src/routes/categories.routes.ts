import type { FastifyInstance } from 'fastify';
import type { CategoryService } from '../services/category.service.js';
import { defineCall } from './define-call.js';

export function registerCategoryRoutes(app: FastifyInstance, categories: CategoryService): void {
  defineCall(app, 'get_categories', () => categories.list());
}
