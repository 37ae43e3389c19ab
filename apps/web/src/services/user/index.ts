export {
  selectIsLoggedIn,
  selectLevel,
  selectRating,
  toUser,
  useUserStore,
  type DeleteResult,
  type PhotoPage,
  type User,
  type UserPhoto,
} from './user-store';
