export { default, metadata } from '../../app/layout';
