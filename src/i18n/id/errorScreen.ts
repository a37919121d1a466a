export const errorScreen = {
  title: 'Something went wrong!',
  text: "We couldn't process your request. Please try again later.",
  retry: 'Try Again',
} as const;
