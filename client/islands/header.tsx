import { Header } from '../../shared/layout/Header.js';
import { reactIsland } from '../react-island.js';

export const upgrade = reactIsland(Header);
