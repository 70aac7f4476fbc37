from django.urls import path

from accounts import account, recovery, views

app_name = "accounts"

urlpatterns = [
    path("", account.account, name="account"),
    path("signup/", views.signup, name="signup"),
    path("login/", views.login, name="login"),
    path("logout/", views.logout, name="logout"),
    path("password/", views.password_change, name="password_change"),
    path("password/done/", views.password_change_done, name="password_change_done"),
    path("password/reset/", recovery.password_reset, name="password_reset"),
    path("password/reset/sent/", recovery.password_reset_done, name="password_reset_done"),
    path(
        "password/reset/<uidb64>/<token>/",
        recovery.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path("password/reset/done/", recovery.password_reset_complete, name="password_reset_complete"),
    path("email/", recovery.recovery_address, name="recovery_address"),
    path("email/confirm/<str:token>/", recovery.confirm_address, name="confirm_address"),
    path("data.json", account.your_data, name="your_data"),
    path("delete/", account.delete_account, name="delete"),
]
