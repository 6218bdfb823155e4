; NSIS: register minca: links for the current user (include in the
; installer's install and uninstall sections). $INSTDIR holds minca.exe.
!macro MincaRegisterURL
  WriteRegStr HKCU "Software\Classes\minca" "" "URL:Minca invite link"
  WriteRegStr HKCU "Software\Classes\minca" "URL Protocol" ""
  WriteRegStr HKCU "Software\Classes\minca\DefaultIcon" "" '"$INSTDIR\minca.exe",0'
  WriteRegStr HKCU "Software\Classes\minca\shell\open\command" "" '"$INSTDIR\minca.exe" "%1"'
!macroend

!macro MincaUnregisterURL
  DeleteRegKey HKCU "Software\Classes\minca"
!macroend
